import { PASSWORD_HISTORY } from '@vigil/contracts';
import { verifyPassword } from './password.ts';

/**
 * Whether `candidate` is the current password or one of the PASSWORD_HISTORY before it. Hashes are
 * salted, so each must be verified in turn; six argon2 checks stay well under a second.
 */
export async function isReusedPassword(candidate: string, currentHash: string, previousHashes: readonly string[]): Promise<boolean> {
  for (const hash of [currentHash, ...previousHashes.slice(0, PASSWORD_HISTORY)]) {
    if (await verifyPassword(hash, candidate)) return true;
  }
  return false;
}

/** The history after a change: the replaced hash first, the oldest dropped beyond PASSWORD_HISTORY. */
export function nextPasswordHistory(replacedHash: string, previousHashes: readonly string[]): string[] {
  return [replacedHash, ...previousHashes].slice(0, PASSWORD_HISTORY);
}
