import { desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { AbnormalHandle, AbnormalListItem } from '@vigil/contracts';
import { toUnix } from '@vigil/contracts';
import type { Db, Tx } from '../db/client.ts';
import { abnormalEvents, abnormalHandles, areas, devices, members } from '../db/schema/index.ts';
import { type AbnormalNames, toAbnormalItem } from './payload.ts';

export type StoredAbnormal = { row: typeof abnormalEvents.$inferSelect; item: AbnormalListItem };

/** An alert with the names of its member, area and device (joined, so one statement reads a page). */
export type JoinedAlert = {
  e: typeof abnormalEvents.$inferSelect;
  memberName: string | null;
  memberRoom: string | null;
  memberBed: string | null;
  areaName: string | null;
  deviceType: number | null;
  deviceName: string | null;
};

/** Alerts joined with the names their payload carries; the caller adds its condition, order and page. */
export function joinedAlerts(db: Db | Tx) {
  return db
    .select({
      e: abnormalEvents,
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
    .leftJoin(devices, eq(devices.id, abnormalEvents.deviceId));
}

/** The names of a joined alert, as its payload carries them (null where the row is gone). */
export function namesOf(row: JoinedAlert): AbnormalNames {
  const { e } = row;
  return {
    member: e.memberId !== null && row.memberName !== null ? { id: e.memberId, name: row.memberName, room: row.memberRoom, bed: row.memberBed } : null,
    area: e.areaId !== null && row.areaName !== null ? { id: e.areaId, name: row.areaName } : null,
    device: e.deviceId !== null && row.deviceType !== null ? { id: e.deviceId, type: row.deviceType, name: row.deviceName } : null,
  };
}

/**
 * Abnormal events as the channel sends them (the list row of schemas/abnormal.ts, built by the
 * abnormal module's own mapper), for replays and escalations that start from the database rather
 * than from a domain event.
 */
export async function loadAbnormalItems(db: Db, where: SQL | undefined, limit: number): Promise<StoredAbnormal[]> {
  const rows = await joinedAlerts(db).where(where).orderBy(abnormalEvents.id).limit(limit);
  const handles = await latestHandles(
    db,
    rows.filter((r) => r.e.isHandle).map((r) => r.e.id),
  );
  return rows.map((r) => ({ row: r.e, item: toAbnormalItem(r.e, namesOf(r), handles.get(r.e.id) ?? null) }));
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
