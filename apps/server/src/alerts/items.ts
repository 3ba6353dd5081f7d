import { asc, eq, getTableColumns, inArray, type SQL } from 'drizzle-orm';
import { abnormalListQuery, toUnix, type AbnormalHandle, type AbnormalListItem } from '@vigil/contracts';
import type { Principal } from '../auth/principal.ts';
import { scopeCondition, type ScopeColumns } from '../auth/scope.ts';
import type { Db, Tx } from '../db/client.ts';
import { abnormalEvents, abnormalHandles, areas, devices, members } from '../db/schema/index.ts';
import { defineList } from '../resources/list.ts';
import type { WireMap } from '../resources/wire.ts';
import { type AbnormalNames, type AbnormalRow, toAbnormalItem } from './payload.ts';
import { callerRoutingCondition } from './routing.ts';

export type StoredAbnormal = { row: AbnormalRow; item: AbnormalListItem };

/** An alert with the names of its member, area and device (joined, so one statement reads a page). */
export type JoinedAlert = AbnormalRow & {
  memberName: string | null;
  memberRoom: string | null;
  memberBed: string | null;
  areaName: string | null;
  deviceType: number | null;
  deviceName: string | null;
};

/** Abnormal events are the organisation's (area-scoped roles see their area); related organisations with the abnormal grant too. */
export const alertScope: ScopeColumns = {
  org: abnormalEvents.orgId,
  area: abnormalEvents.areaId,
  grant: 'abnormal',
};
export const abnormalScope = (p: Principal) => scopeCondition(p, alertScope);

const joinedWire: WireMap<JoinedAlert> = {
  ...getTableColumns(abnormalEvents),
  memberName: members.name,
  memberRoom: members.room,
  memberBed: members.bed,
  areaName: areas.name,
  deviceType: devices.type,
  deviceName: devices.name,
};

/** The names of a joined alert, as its payload carries them (null where the row is gone). */
export function namesOf(row: JoinedAlert): AbnormalNames {
  return {
    member:
      row.memberId !== null && row.memberName !== null
        ? { id: row.memberId, name: row.memberName, room: row.memberRoom, bed: row.memberBed }
        : null,
    area: row.areaId !== null && row.areaName !== null ? { id: row.areaId, name: row.areaName } : null,
    device:
      row.deviceId !== null && row.deviceType !== null
        ? { id: row.deviceId, type: row.deviceType, name: row.deviceName }
        : null,
  };
}

/** Every handling of the given events, oldest first. */
export async function handlesOf(db: Db | Tx, ids: number[]): Promise<Map<number, AbnormalHandle[]>> {
  const out = new Map<number, AbnormalHandle[]>();
  if (!ids.length) return out;
  const rows = await db
    .select()
    .from(abnormalHandles)
    .where(inArray(abnormalHandles.abnormalId, ids))
    .orderBy(asc(abnormalHandles.handleTime), asc(abnormalHandles.id));
  for (const h of rows) {
    const list = out.get(h.abnormalId) ?? [];
    list.push({
      content: h.content,
      staff_name: h.staffName,
      handle_time: toUnix(h.handleTime),
      remark: h.remark,
      no_action: h.noAction,
    });
    out.set(h.abnormalId, list);
  }
  return out;
}

/**
 * Alerts as the list, the channel and the escalations show them (SPEC §3 list of schemas/abnormal.ts):
 * each with its member, area and device names and its latest handling as `handle`.
 */
export const alertList = defineList({
  table: abnormalEvents,
  wire: joinedWire,
  joins: [
    { table: members, on: eq(members.id, abnormalEvents.memberId), left: true },
    { table: areas, on: eq(areas.id, abnormalEvents.areaId), left: true },
    { table: devices, on: eq(devices.id, abnormalEvents.deviceId), left: true },
  ],
  listQuery: abnormalListQuery,
  scope: alertScope,
  // Only the alerts the caller may act on (alerts/routing.ts): a guard's list holds no blood sugar.
  restrict: (p) => callerRoutingCondition(p),
  filters: {
    is_handle: (v) => eq(abnormalEvents.isHandle, v === 1),
    type: (v) => eq(abnormalEvents.type, v),
    types: (v) => inArray(abnormalEvents.type, v),
    class: (v) => eq(abnormalEvents.category, v),
    user_id: (v) => eq(abnormalEvents.memberId, v),
  },
  dateColumn: abnormalEvents.occurTime,
  binding: (ids) => inArray(abnormalEvents.bindingId, ids),
  toItems: async (db, rows) => {
    const handles = await handlesOf(
      db,
      rows.map((r) => r.id),
    );
    return rows.map((r) => toAbnormalItem(r, namesOf(r), handles.get(r.id)?.at(-1) ?? null));
  },
});

/** Alerts and their rows, for replays and escalations that start from the database rather than from a domain event. */
export const loadAbnormalItems = (
  db: Db | Tx,
  where: SQL | undefined,
  limit: number,
): Promise<StoredAbnormal[]> => alertList.read(db, where, limit);
