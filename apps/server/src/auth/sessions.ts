import { and, eq, isNull, ne } from 'drizzle-orm';
import type { Config } from '../config.ts';
import type { Db, Tx } from '../db/client.ts';
import { sessions } from '../db/schema/index.ts';
import { hashToken, newToken } from './tokens.ts';

const MINUTE = 60_000;
/** last_seen_at is refreshed at most this often: idle timeouts are in minutes, writes are not free. */
export const TOUCH_INTERVAL_MS = MINUTE;

export type SessionTimes = { createdAt: Date; lastSeenAt: Date; expiresAt: Date; revokedAt: Date | null };

/** Starts a session and returns the bearer token (the only time it exists in clear). */
export async function createSession(
  db: Db,
  config: Config,
  staffId: number,
  client: { ip?: string; userAgent?: string },
): Promise<string> {
  const token = newToken();
  const now = Date.now();
  await db.insert(sessions).values({
    id: hashToken(token),
    staffId,
    createdAt: new Date(now),
    lastSeenAt: new Date(now),
    expiresAt: new Date(now + config.tokenTtlMinutes * MINUTE),
    ip: client.ip?.slice(0, 64),
    userAgent: client.userAgent?.slice(0, 300),
  });
  return token;
}

/** Whether a session may still be used: not revoked, within its absolute lifetime and idle limit. */
export function sessionIsLive(s: SessionTimes, config: Config, now = Date.now()): boolean {
  if (s.revokedAt) return false;
  if (s.expiresAt.getTime() <= now) return false;
  return s.lastSeenAt.getTime() + config.tokenIdleMinutes * MINUTE > now;
}

export async function touchSession(db: Db, id: string, lastSeenAt: Date, now = Date.now()): Promise<void> {
  if (now - lastSeenAt.getTime() < TOUCH_INTERVAL_MS) return;
  await db.update(sessions).set({ lastSeenAt: new Date(now) }).where(eq(sessions.id, id));
}

export async function revokeSession(db: Db | Tx, id: string): Promise<void> {
  await db.update(sessions).set({ revokedAt: new Date() }).where(and(eq(sessions.id, id), isNull(sessions.revokedAt)));
}

/**
 * Ends every live session of a staff member (disabling an account, changing a password), except
 * optionally the one making the request. Call it inside the transaction that makes the change.
 */
export async function revokeStaffSessions(db: Db | Tx, staffId: number, keepSessionId?: string): Promise<void> {
  const conditions = [eq(sessions.staffId, staffId), isNull(sessions.revokedAt)];
  if (keepSessionId) conditions.push(ne(sessions.id, keepSessionId));
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(...conditions));
}
