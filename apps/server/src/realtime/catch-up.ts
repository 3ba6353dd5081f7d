import { and, eq, gt, gte, inArray, or, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { type RealtimeCursor, operatorRoles, fromUnix } from '@vigil/contracts';
import { abnormalEvents } from '../db/schema/index.ts';
import type { Emit } from './types.ts';
import { loadAbnormalItems } from '../alerts/items.ts';
import { actionableCondition, loadRouting } from '../alerts/routing.ts';
import { abnormalEventName } from './relay.ts';
import { announced } from './payloads.ts';
import { isAreaScoped, type SocketPrincipal } from './rooms.ts';

/** A client away longer than this many events reloads its list instead (it does on every connect). */
export const CATCH_UP_LIMIT = 500;

/**
 * The same scope the rooms give a socket, as a WHERE clause: its organisations (or area) and, within
 * them, the alerts routed to its role (alerts/routing.ts); null when nothing is in scope.
 */
async function scopeOf(app: FastifyInstance, p: SocketPrincipal): Promise<SQL | undefined | null> {
  if (operatorRoles.has(p.role)) return undefined;
  const routed = actionableCondition(await loadRouting(app.database.db, p.orgId), p);
  if (isAreaScoped(p)) return p.areaId === null ? null : and(eq(abnormalEvents.areaId, p.areaId), routed);
  return and(inArray(abnormalEvents.orgId, [p.orgId, ...p.abnormalGrantOrgIds]), routed);
}

/**
 * Replays to one socket what it missed while disconnected: events raised after the last id it saw
 * (if still open) and changes after the last time it heard from the server (followed, handled,
 * recovered). The Redis pub/sub adapter keeps no history, so the database is the record; the
 * replay goes through the same event names as live delivery and the client store is idempotent by
 * id, so an event both replayed and delivered live is harmless.
 */
export async function replayMissed(
  app: FastifyInstance,
  p: SocketPrincipal,
  since: RealtimeCursor,
  emit: Emit,
): Promise<number> {
  const scope = await scopeOf(app, p);
  if (scope === null) return 0;
  const changed = or(gt(abnormalEvents.id, since.id), gte(abnormalEvents.updatedAt, fromUnix(since.time)));
  const rows = await loadAbnormalItems(
    app.database.db,
    scope ? and(scope, changed) : changed,
    CATCH_UP_LIMIT,
  );
  let sent = 0;
  for (const { row, item } of rows) {
    const closed = row.isHandle || row.recoveredAt !== null;
    // Raised and closed while the client was away: it never saw it, so there is nothing to remove.
    if ((closed && row.id > since.id) || !announced(item, closed)) continue;
    emit(abnormalEventName(item, closed), item);
    sent += 1;
  }
  return sent;
}
