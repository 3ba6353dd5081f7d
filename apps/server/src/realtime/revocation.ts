import type { FastifyInstance } from 'fastify';
import { inArray, sql } from 'drizzle-orm';
import { ErrorCode, RealtimeControlEvent } from '@vigil/contracts';
import type { Db } from '../db/client.ts';
import { sessions } from '../db/schema/index.ts';
import type { StaffNamespace, StaffSocket } from './types.ts';

/** How often each instance re-checks the sessions of its own sockets: well inside the 1 s goal. */
export const REVOCATION_SWEEP_MS = 400;

/**
 * What a socket was admitted as, in one comparable string: the staff member's role, organisation
 * and area, the permissions of the role's API group and the unexpired temporary roles. Only live
 * sessions get one (not revoked, within lifetime and idle limit, staff and organisation enabled).
 */
export async function sessionFingerprints(db: Db, ids: readonly string[], idleMinutes: number): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      id: sessions.id,
      fingerprint: sql<string>`concat_ws('|', st.role, st.org_id, st.area_id, g.permissions_md5,
        (select string_agg(tr.role::text, ',' order by tr.role) from temp_roles tr
          where tr.staff_id = st.id and tr.starts_at <= now() and tr.expires_at > now()))`,
    })
    .from(sessions)
    .innerJoin(sql`staff st`, sql`st.id = ${sessions.staffId}`)
    .innerJoin(sql`orgs o`, sql`o.id = st.org_id`)
    .innerJoin(sql`roles r`, sql`r.id = st.role`)
    // Each group's permissions hashed once per sweep, not once per socket: a sweep covers every
    // socket of the instance, and hashing the permission list for each of 2,500 sessions every
    // 400 ms was most of PostgreSQL's work at 5,000 sockets (bench:scale). OFFSET 0 keeps the
    // planner from pulling the subquery up into a per-row expression again.
    .innerJoin(sql`(select id, md5(permissions::text) as permissions_md5 from api_groups offset 0) g`, sql`g.id = r.api_group_id`)
    .where(
      sql`${inArray(sessions.id, [...ids])} and ${sessions.revokedAt} is null and ${sessions.expiresAt} > now()
        and ${sessions.lastSeenAt} > now() - make_interval(mins => ${idleMinutes}) and st.enabled and o.enabled`,
    );
  return new Map(rows.map((r) => [r.id, r.fingerprint]));
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
 * on every instance with or without Redis, and only after the change is committed.
 */
export function startRevocationSweep(app: FastifyInstance, staff: StaffNamespace): { stop(): void } {
  let running = false;
  const sweep = async () => {
    const watched = [...staff.sockets.values()].filter((s) => s.data.sessionId && s.data.fingerprint);
    if (watched.length === 0) return;
    const ids = [...new Set(watched.map((s) => s.data.sessionId!))];
    const live = await sessionFingerprints(app.database.db, ids, app.config.tokenIdleMinutes);
    for (const socket of watched) {
      if (live.get(socket.data.sessionId!) !== socket.data.fingerprint) endSocket(socket);
    }
  };
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    sweep()
      // A database outage is not a revocation: keep the sockets and try again on the next tick.
      .catch((err: unknown) => app.log.warn({ err }, 'realtime: revocation sweep failed'))
      .finally(() => {
        running = false;
      });
  }, REVOCATION_SWEEP_MS);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
