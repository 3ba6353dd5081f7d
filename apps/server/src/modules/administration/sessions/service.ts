import { createHash } from 'node:crypto';
import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import { toUnix, type SessionItem } from '@vigil/contracts';
import type { Config } from '../../../config.ts';
import type { Db } from '../../../db/client.ts';
import { sessions } from '../../../db/schema/index.ts';
import { sessionIsLive } from '../../../auth/sessions.ts';

/**
 * The handle a session is shown and ended by: derived from the stored hash, so neither the token
 * nor the stored id (which a database copy holds) leaves the server, and a handle names nothing
 * outside its owner's list.
 */
export function sessionHandle(sessionId: string): string {
  return createHash('sha256').update(`session-handle:${sessionId}`).digest('hex').slice(0, 32);
}

async function liveSessions(db: Db, config: Config, staffId: number) {
  const rows = await db
    .select()
    .from(sessions)
    .where(and(eq(sessions.staffId, staffId), isNull(sessions.revokedAt), gt(sessions.expiresAt, new Date())))
    .orderBy(desc(sessions.lastSeenAt));
  return rows.filter((s) => sessionIsLive(s, config));
}

/** The staff member's live sessions, the current one marked, most recently used first. */
export async function listSessions(db: Db, config: Config, staffId: number, currentId: string): Promise<SessionItem[]> {
  return (await liveSessions(db, config, staffId)).map((s) => ({
    id: sessionHandle(s.id),
    current: s.id === currentId,
    user_agent: s.userAgent,
    ip: s.ip,
    created_at: toUnix(s.createdAt),
    last_seen_at: toUnix(s.lastSeenAt),
  }));
}

/** The stored id of one of the staff member's live sessions by its handle, if it is theirs. */
export async function findOwnSession(db: Db, config: Config, staffId: number, handle: string): Promise<string | undefined> {
  return (await liveSessions(db, config, staffId)).find((s) => sessionHandle(s.id) === handle)?.id;
}
