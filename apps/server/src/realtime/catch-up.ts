import { and, desc, eq, gte, gt, inArray, or, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { type AbnormalHandle, type RealtimeCursor, operatorRoles } from '@vigil/contracts';
import { abnormalEvents, abnormalHandles, areas, devices, members } from '../db/schema/index.ts';
import { toAbnormalItem } from '../modules/abnormal/payload.ts';
import type { Emit } from './index.ts';
import { abnormalEventName } from './relay.ts';
import { isAreaScoped, type SocketPrincipal } from './rooms.ts';

/** A client away longer than this many events reloads its list instead (it does on every connect). */
export const CATCH_UP_LIMIT = 500;

/** The same scope the rooms give a socket, as a WHERE clause; null when nothing is in scope. */
function scopeOf(p: SocketPrincipal): SQL | undefined | null {
  if (operatorRoles.has(p.role)) return undefined;
  if (isAreaScoped(p)) return p.areaId === null ? null : eq(abnormalEvents.areaId, p.areaId);
  return inArray(abnormalEvents.orgId, [p.orgId, ...p.abnormalGrantOrgIds]);
}

/**
 * Replays to one socket what it missed while disconnected: events raised after the last id it saw
 * (if still open) and changes after the last time it heard from the server (followed, handled,
 * recovered). The Redis pub/sub adapter keeps no history, so the database is the record; the
 * replay goes through the same event names as live delivery and the client store is idempotent by
 * id, so an event both replayed and delivered live is harmless.
 */
export async function replayMissed(app: FastifyInstance, p: SocketPrincipal, since: RealtimeCursor, emit: Emit): Promise<number> {
  const scope = scopeOf(p);
  if (scope === null) return 0;
  const { db } = app.database;
  const changed = or(gt(abnormalEvents.id, since.id), gte(abnormalEvents.updatedAt, new Date(since.time * 1000)));
  const rows = await db
    .select({
      event: abnormalEvents,
      memberName: members.name,
      areaName: areas.name,
      deviceType: devices.type,
      deviceName: devices.name,
    })
    .from(abnormalEvents)
    .leftJoin(members, eq(members.id, abnormalEvents.memberId))
    .leftJoin(areas, eq(areas.id, abnormalEvents.areaId))
    .leftJoin(devices, eq(devices.id, abnormalEvents.deviceId))
    .where(scope ? and(scope, changed) : changed)
    .orderBy(abnormalEvents.id)
    .limit(CATCH_UP_LIMIT);

  const closed = rows.filter((r) => r.event.isHandle || r.event.recoveredAt !== null);
  // Raised and closed while the client was away: it never saw it, so there is nothing to remove.
  const relevant = rows.filter((r) => !(closed.includes(r) && r.event.id > since.id));
  const handles = await latestHandles(app, closed.map((r) => r.event.id));
  for (const r of relevant) {
    const e = r.event;
    const item = toAbnormalItem(
      e,
      {
        member: e.memberId !== null && r.memberName !== null ? { id: e.memberId, name: r.memberName } : null,
        area: e.areaId !== null && r.areaName !== null ? { id: e.areaId, name: r.areaName } : null,
        device: e.deviceId !== null && r.deviceType !== null ? { id: e.deviceId, type: r.deviceType, name: r.deviceName } : null,
      },
      handles.get(e.id) ?? null,
    );
    const isClosed = e.isHandle || e.recoveredAt !== null;
    emit(abnormalEventName(item, isClosed), item);
  }
  return relevant.length;
}

async function latestHandles(app: FastifyInstance, ids: number[]): Promise<Map<number, AbnormalHandle>> {
  const out = new Map<number, AbnormalHandle>();
  if (!ids.length) return out;
  const rows = await app.database.db
    .select()
    .from(abnormalHandles)
    .where(inArray(abnormalHandles.abnormalId, ids))
    .orderBy(desc(abnormalHandles.handleTime));
  for (const h of rows) {
    if (out.has(h.abnormalId)) continue;
    out.set(h.abnormalId, {
      content: h.content,
      staff_name: h.staffName,
      handle_time: Math.floor(h.handleTime.getTime() / 1000),
      remark: h.remark,
    });
  }
  return out;
}
