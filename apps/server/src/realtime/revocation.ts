import type { FastifyInstance } from 'fastify';
import { type SQL, sql } from 'drizzle-orm';
import { ErrorCode, RealtimeControlEvent } from '@vigil/contracts';
import type { Db } from '../db/client.ts';
import type { StaffNamespace, StaffSocket } from './types.ts';

/** How often each instance re-checks the sessions of its own sockets: well inside the 1 s goal. */
export const REVOCATION_SWEEP_MS = 400;

/**
 * The live sessions among `ids` (text[]) with what each was admitted as, in one comparable string:
 * the staff member's role, organisation and area, the permissions of the role's API group and the
 * unexpired temporary roles. Only live sessions are there (not revoked, within lifetime and idle
 * limit, staff and organisation enabled).
 */
function liveFingerprints(ids: SQL, idleMinutes: number): SQL {
  return sql`select s.id, concat_ws('|', st.role, st.org_id, st.area_id, g.permissions_md5,
      (select string_agg(tr.role::text, ',' order by tr.role) from temp_roles tr
        where tr.staff_id = st.id and tr.starts_at <= now() and tr.expires_at > now())) as fingerprint
    from sessions s
    join staff st on st.id = s.staff_id
    join orgs o on o.id = st.org_id
    join roles r on r.id = st.role
    -- Each group's permissions hashed once per sweep, not once per socket: a sweep covers every
    -- socket of the instance, and hashing the permission list for each of 2,500 sessions every
    -- 400 ms was most of PostgreSQL's work at 5,000 sockets (bench:scale). OFFSET 0 keeps the
    -- planner from pulling the subquery up into a per-row expression again.
    join (select id, md5(permissions::text) as permissions_md5 from api_groups offset 0) g on g.id = r.api_group_id
    where s.id = any(${ids}) and s.revoked_at is null and s.expires_at > now()
      and s.last_seen_at > now() - make_interval(mins => ${idleMinutes}) and st.enabled and o.enabled`;
}

/** What each live session among `ids` was admitted as (see liveFingerprints): a socket keeps it from its handshake. */
export async function sessionFingerprints(db: Db, ids: readonly string[], idleMinutes: number): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const { rows } = await db.execute<{ id: string; fingerprint: string }>(liveFingerprints(sql`${sql.param([...ids])}::text[]`, idleMinutes));
  return new Map(rows.map((r) => [r.id, r.fingerprint]));
}

/** One watched sign-in: a session and what its sockets were admitted as. */
export type WatchedSession = { sessionId: string; fingerprint: string };

const watchKey = (w: WatchedSession) => `${w.sessionId}\n${w.fingerprint}`;

/**
 * The watched sign-ins that no longer hold: their session is gone, or it now reads otherwise. The
 * database compares, so a sweep of thousands of sockets gets back the few to end instead of a row
 * per session; the ids and fingerprints travel as two array parameters, not one parameter per
 * session. At 2,500 sessions that took the sweep's time in the server's own thread from 15 ms
 * every 400 ms to 2.3 ms (docs/security.md).
 */
export async function staleSessions(db: Db, watched: readonly WatchedSession[], idleMinutes: number): Promise<WatchedSession[]> {
  if (watched.length === 0) return [];
  const ids = sql`${sql.param(watched.map((w) => w.sessionId))}::text[]`;
  const { rows } = await db.execute<WatchedSession>(sql`
    select w.session_id as "sessionId", w.fingerprint
    from unnest(${ids}, ${sql.param(watched.map((w) => w.fingerprint))}::text[]) as w(session_id, fingerprint)
    left join (${liveFingerprints(ids, idleMinutes)}) live on live.id = w.session_id
    where live.fingerprint is distinct from w.fingerprint`);
  return rows;
}

/** Tells the client its sign-in ended (SPEC §3 `logout`, -1: the console signs out) and hangs up. */
export function endSocket(socket: StaffSocket): void {
  socket.emit(RealtimeControlEvent.logout, { code: ErrorCode.tokenExpired });
  socket.disconnect(true);
}

/**
 * Revocation reaches open sockets. Every instance re-checks, every REVOCATION_SWEEP_MS, the sessions
 * of the sockets connected to it, in one indexed query, and ends each socket whose session is gone
 * or whose fingerprint changed: logout, a password change from any session (which revokes the
 * others), an account or organisation disabled, a role, area or API group changed, a temporary
 * role starting or ending, the idle limit. The database is the one source of truth, so this holds
 * on every instance with or without Redis, and only after the change is committed. The jobs plugin
 * runs it; a failed sweep (database down) is not a revocation: the sockets stay, and the next tick
 * tries again.
 */
export function revocationSweep(app: FastifyInstance, staff: StaffNamespace): () => Promise<void> {
  return async () => {
    const sockets = [...staff.sockets.values()].filter((s) => s.data.sessionId && s.data.fingerprint);
    if (sockets.length === 0) return;
    const signIns = sockets.map((s): WatchedSession => ({ sessionId: s.data.sessionId!, fingerprint: s.data.fingerprint! }));
    const keys = signIns.map(watchKey);
    // Sockets of one sign-in (several tabs) are asked about once.
    const watched = new Map(signIns.map((w, i) => [keys[i], w]));
    const stale = new Set((await staleSessions(app.database.db, [...watched.values()], app.config.tokenIdleMinutes)).map(watchKey));
    sockets.forEach((socket, i) => {
      if (stale.has(keys[i])) endSocket(socket);
    });
  };
}
