import {
  AbnormalSourceType,
  deviceTypeStoreCategory,
  type AbnormalHandle,
  type AbnormalListItem,
  type DeviceType,
  toUnix,
  userSystemDeviceTypes,
} from '@vigil/contracts';
import type { abnormalEvents } from '../db/schema/index.ts';

export type Named = { id: number; name: string };
/** A member as alerts name them: where the member sleeps, so a nurse knows where to go. */
export type MemberNamed = Named & { room?: string | null; bed?: string | null };

export type AbnormalRow = typeof abnormalEvents.$inferSelect;

/** Names of what an event points at, as joined by the list query or known to the ingest path. */
export type AbnormalNames = {
  member: MemberNamed | null;
  area: Named | null;
  device: { id: number; type: number; name: string | null } | null;
};

/** SPEC §3 list item (also the real-time payload) from a stored event and its names. */
export function toAbnormalItem(
  row: AbnormalRow,
  names: AbnormalNames,
  handle: AbnormalHandle | null,
): AbnormalListItem {
  const sourceType = !names.device
    ? AbnormalSourceType.member
    : userSystemDeviceTypes.has(names.device.type)
      ? AbnormalSourceType.userSystem
      : deviceTypeStoreCategory[names.device.type as DeviceType];
  return {
    id: row.id,
    type: row.type,
    category: row.category,
    occur_time: toUnix(row.occurTime),
    detail: row.detail ?? null,
    is_handle: row.isHandle,
    is_follow: row.isFollow,
    source: {
      type: sourceType,
      id: row.bindingId ?? row.memberId ?? row.areaId ?? row.deviceId ?? 0,
      user: names.member,
      area: names.area,
      device: names.device,
    },
    handle,
    count: row.repeatCount,
    last_occur_time: row.lastOccurTime ? toUnix(row.lastOccurTime) : null,
    acknowledged_until: row.acknowledgedUntil ? toUnix(row.acknowledgedUntil) : null,
    acknowledged_by: row.acknowledgedByName,
    created_at: toUnix(row.createdAt),
    updated_at: toUnix(row.updatedAt),
  };
}
