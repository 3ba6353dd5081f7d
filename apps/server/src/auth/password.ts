import { hash, verify } from '@node-rs/argon2';

/**
 * argon2id with OWASP's second recommended profile (19 MiB, t=2, p=1): strong enough for staff
 * accounts while keeping a sign-in under ~50 ms on a 2-core server.
 */
const options = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, options);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}
