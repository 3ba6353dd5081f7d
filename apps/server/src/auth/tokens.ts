import { createHash, randomBytes } from 'node:crypto';

/**
 * Bearer tokens are opaque random session ids. Only their SHA-256 is stored, so a leaked copy of
 * the sessions table cannot be replayed; 32 random bytes make guessing hopeless, and the server
 * looks the session up on every request anyway, so a signature would add nothing.
 */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * Reads `Authorization: Bearer <token>`; anything else counts as no token. The scheme is matched
 * case-insensitively, as RFC 9110 §11.1 says auth schemes are.
 */
export function bearerToken(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const match = /^Bearer\s+([A-Za-z0-9_-]{20,100})\s*$/i.exec(header);
  return match?.[1];
}
