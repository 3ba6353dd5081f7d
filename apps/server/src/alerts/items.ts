import { desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { AbnormalHandle, AbnormalListItem } from '@vigil/contracts';
import { toUnix } from '@vigil/contracts';
import type { Db } from '../db/client.ts';
import { abnormalEvents, abnormalHandles, areas, devices, members } from '../db/schema/index.ts';
import { toAbnormalItem } from './payload.ts';

export type StoredAbnormal = { row: typeof abnormalEvents.$inferSelect; item: AbnormalListItem };

/**
 * Abnormal events as the channel sends them (the list row of schemas/abnormal.ts, built by the
 * abnormal module's own mapper), for replays and escalations that start from the database rather
 * than from a domain event.
 */
export async function loadAbnormalItems(db: Db, where: SQL | undefined, limit: number): Promise<StoredAbnormal[]> {
  const rows = await db
    .select({
      event: abnormalEvents,
      memberName: members.name,
      memberRoom: members.room,
      memberBed: members.bed,
      areaName: areas.name,
      deviceType: devices.type,
      deviceName: devices.name,
    })
    .from(abnormalEvents)
    .leftJoin(members, eq(members.id, abnormalEvents.memberId))
    .leftJoin(areas, eq(areas.id, abnormalEvents.areaId))
    .leftJoin(devices, eq(devices.id, abnormalEvents.deviceId))
    .where(where)
    .orderBy(abnormalEvents.id)
    .limit(limit);
  const handles = await latestHandles(
    db,
    rows.filter((r) => r.event.isHandle).map((r) => r.event.id),
  );
  return rows.map((r) => {
    const e = r.event;
    const item = toAbnormalItem(
      e,
      {
        member:
          e.memberId !== null && r.memberName !== null
            ? { id: e.memberId, name: r.memberName, room: r.memberRoom, bed: r.memberBed }
            : null,
        area: e.areaId !== null && r.areaName !== null ? { id: e.areaId, name: r.areaName } : null,
        device: e.deviceId !== null && r.deviceType !== null ? { id: e.deviceId, type: r.deviceType, name: r.deviceName } : null,
      },
      handles.get(e.id) ?? null,
    );
    return { row: e, item };
  });
}

async function latestHandles(db: Db, ids: number[]): Promise<Map<number, AbnormalHandle>> {
  const out = new Map<number, AbnormalHandle>();
  if (!ids.length) return out;
  const rows = await db.select().from(abnormalHandles).where(inArray(abnormalHandles.abnormalId, ids)).orderBy(desc(abnormalHandles.handleTime));
  for (const h of rows) {
    if (out.has(h.abnormalId)) continue;
    out.set(h.abnormalId, { content: h.content, staff_name: h.staffName, handle_time: toUnix(h.handleTime), remark: h.remark });
  }
  return out;
}
