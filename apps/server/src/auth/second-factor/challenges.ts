import { and, eq, gt, lt } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { authChallenges } from '../../db/schema/index.ts';
import { hashToken, newToken } from '../tokens.ts';

/** A second step or a WebAuthn ceremony must be finished within five minutes. */
const CHALLENGE_TTL_MS = 5 * 60_000;

export type Challenge = { staffId: number | null; challenge: string | null };

/** Starts a pending step and returns its token (only its hash is stored, like a session's). */
export async function createChallenge(db: Db, values: Challenge): Promise<string> {
  const token = newToken();
  // Expired rows of anyone go with each new one: the table stays as small as what is in progress.
  await db.delete(authChallenges).where(lt(authChallenges.expiresAt, new Date()));
  await db.insert(authChallenges).values({ id: hashToken(token), ...values, expiresAt: new Date(Date.now() + CHALLENGE_TTL_MS) });
  return token;
}

/** The pending step, if the token names a live one; it stays until `consumeChallenge`. */
export async function peekChallenge(db: Db, token: string): Promise<Challenge | undefined> {
  const [row] = await db
    .select({ staffId: authChallenges.staffId, challenge: authChallenges.challenge })
    .from(authChallenges)
    .where(and(eq(authChallenges.id, hashToken(token)), gt(authChallenges.expiresAt, new Date())));
  return row;
}

/**
 * Takes the pending step away and returns it: of two requests with the same token only one gets
 * it, which is what stops a WebAuthn assertion or a second step being replayed.
 */
export async function consumeChallenge(db: Db, token: string): Promise<Challenge | undefined> {
  const [row] = await db
    .delete(authChallenges)
    .where(and(eq(authChallenges.id, hashToken(token)), gt(authChallenges.expiresAt, new Date())))
    .returning({ staffId: authChallenges.staffId, challenge: authChallenges.challenge });
  return row;
}
