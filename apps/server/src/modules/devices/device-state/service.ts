import { and, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import {
  DeviceType,
  insideZone,
  deviceRealTimeListQuery,
  toUnixOrNull,
  type DeviceRealTimeRow,
  type DeviceSummary,
  type SafeZone,
  type SleepDeviceSummary,
} from '@vigil/contracts';
import type { Db } from '../../../db/client.ts';
import { deviceBindings, devices, members } from '../../../db/schema/index.ts';
import type { Principal } from '../../../auth/principal.ts';
import { scopeCondition } from '../../../auth/scope.ts';
import { readingKindCode } from '../../../ingest/kinds.ts';
import { defineList } from '../../../resources/list.ts';
import { mapped, type WireMap } from '../../../resources/wire.ts';
import { ruleSetting } from '../../../rules/settings.ts';
import { bindingScope } from '../device-binding/service.ts';
import { assertOwnMember, findMember } from '../../members/member/rows.ts';

/** The devices a member wears, whose state the real-time list shows. */
export const wornDeviceTypes: readonly DeviceType[] = [
  DeviceType.watchB07,
  DeviceType.watchB10,
  DeviceType.watchB20,
  DeviceType.watchG15,
  DeviceType.watchH20,
  DeviceType.chylyngWatch,
];

/**
 * The newest reading of a kind from the row's device: one probe of the (device, kind, time) key.
 * The outer column is spelt out: drizzle leaves columns unqualified in a single-table select, and
 * a bare "id" inside the subquery would be the reading's own.
 */
const latest = (kind: number, pick: SQL) =>
  sql`(select ${pick} from readings r where r.device_id = "devices"."id" and r.kind = ${kind} order by r.occur_time desc limit 1)`;

const areaId = sql<number | null>`coalesce(${deviceBindings.areaId}, ${members.areaId}, ${devices.areaId})`;

/** A binding's row as selected: the device, the member and the newest readings, before `online` and `in_zone` are worked out. */
type RealTimeSelected = Omit<DeviceRealTimeRow, 'online' | 'last_seen_at' | 'lat' | 'lng' | 'position_time' | 'in_zone'> & {
  settings: unknown;
  lastSeenAt: Date | null;
  position: { lat: number; lng: number; t: number } | null;
};

const realTimeWire: WireMap<RealTimeSelected> = {
  id: deviceBindings.id,
  org_id: devices.orgId,
  device_id: devices.id,
  device_type: devices.type,
  serial: devices.serial,
  device_name: devices.name,
  member_id: members.id,
  member_name: members.name,
  area_id: mapped(areaId, (id) => (id === null ? null : Number(id))),
  area_name: sql<string | null>`(select a.name from areas a where a.id = ${areaId})`,
  settings: devices.settings,
  lastSeenAt: devices.lastSeenAt,
  battery: mapped(latest(readingKindCode.battery, sql`(r.data->>'level')::real`), (v) => (v === null ? null : Number(v))),
  worn: mapped(latest(readingKindCode.wearing, sql`(r.data->>'worn')::boolean`), (v) => (v === null ? null : Boolean(v))),
  position: latest(readingKindCode.location, sql`jsonb_build_object('lat', r.data->'lat', 'lng', r.data->'lng', 't', extract(epoch from r.occur_time)::bigint)`),
  safe_zone: members.safeZone,
};

/**
 * SPEC §7 `GET /device/bind/real-time`: every open binding of a worn device to a member in the
 * caller's scope, with its current state read from the newest battery, wearing and location
 * readings. Online means heard from within the device's offline limit (the offline rule's limit).
 */
export const realTimeList = defineList({
  table: deviceBindings,
  wire: realTimeWire,
  joins: [
    { table: devices, on: eq(devices.id, deviceBindings.deviceId) },
    { table: members, on: eq(members.id, deviceBindings.memberId) },
  ],
  listQuery: deviceRealTimeListQuery,
  scope: bindingScope,
  restrict: (_p, q) => {
    const types = q.device_types?.length ? q.device_types.filter((t) => wornDeviceTypes.includes(t as DeviceType)) : wornDeviceTypes;
    return and(isNull(deviceBindings.unboundAt), inArray(devices.type, [...types]));
  },
  search: { keyword: [members.name, devices.serial] },
  filters: {
    area_id: (v) => eq(areaId, v),
    user_id: (v) => eq(deviceBindings.memberId, v),
  },
  binding: (ids) => inArray(deviceBindings.id, ids),
  orderColumns: { last_seen_at: devices.lastSeenAt },
  toItems: (_db, rows) => {
    const now = new Date();
    return rows.map(({ settings, lastSeenAt, position, ...row }): DeviceRealTimeRow => {
      const at = position ? { lat: Number(position.lat), lng: Number(position.lng) } : null;
      return {
        ...row,
        online: isOnline(lastSeenAt, settings, now),
        last_seen_at: toUnixOrNull(lastSeenAt),
        lat: at?.lat ?? null,
        lng: at?.lng ?? null,
        position_time: position ? Number(position.t) : null,
        in_zone: row.safe_zone && at ? insideZone(row.safe_zone, at) : null,
      };
    });
  },
});

/** Sets (or clears) a member's safe zone; the member must be in scope and of the caller's own organisation. */
export async function setSafeZone(db: Db, p: Principal, memberId: number, zone: SafeZone | null): Promise<SafeZone | null> {
  const member = await findMember(db, p, memberId);
  assertOwnMember(p, member);
  await db.update(members).set({ safeZone: zone, updatedAt: new Date() }).where(eq(members.id, member.id));
  return zone;
}

/** Whether a device was heard from within its offline limit (the offline rule's limit). */
export function isOnline(lastSeenAt: Date | null, settings: unknown, now: Date): boolean {
  return lastSeenAt !== null && now.getTime() - lastSeenAt.getTime() <= ruleSetting(settings, 'offlineMinutes') * 60_000;
}

/**
 * The index page's device panel: the rows `/device/bind/real-time` would list (same bindings, same
 * scope), counted by state instead of listed. Low battery uses each device's own threshold, as the
 * low-battery rule does.
 */
export async function summariseWornDevices(db: Db, p: Principal, now = new Date()): Promise<DeviceSummary> {
  const rows = await db
    .select({
      settings: devices.settings,
      lastSeenAt: devices.lastSeenAt,
      battery: latest(readingKindCode.battery, sql`(r.data->>'level')::real`),
      worn: latest(readingKindCode.wearing, sql`(r.data->>'worn')::boolean`),
    })
    .from(deviceBindings)
    .innerJoin(devices, eq(devices.id, deviceBindings.deviceId))
    .innerJoin(members, eq(members.id, deviceBindings.memberId))
    .where(and(isNull(deviceBindings.unboundAt), inArray(devices.type, [...wornDeviceTypes]), scopeCondition(p, bindingScope)));
  const summary: DeviceSummary = { bound: rows.length, online: 0, offline: 0, low_battery: 0, not_worn: 0 };
  for (const r of rows) {
    if (isOnline(r.lastSeenAt, r.settings, now)) summary.online += 1;
    else summary.offline += 1;
    if (r.battery !== null && Number(r.battery) <= ruleSetting(r.settings, 'lowBatteryPercent')) summary.low_battery += 1;
    if (r.worn === false) summary.not_worn += 1;
  }
  return summary;
}

/**
 * The index page's sleep-device panel: every enabled sleep sensor in scope, by its newest bed
 * report; a sensor past its offline limit (or never heard) has no signal, whatever it said last.
 */
export async function summariseSleepDevices(db: Db, p: Principal, now = new Date()): Promise<SleepDeviceSummary> {
  const rows = await db
    .select({
      settings: devices.settings,
      lastSeenAt: devices.lastSeenAt,
      status: latest(readingKindCode.bed, sql`coalesce((r.data->>'status')::int, 0)`),
    })
    .from(devices)
    .where(and(eq(devices.type, DeviceType.sleepSensor), eq(devices.enabled, true), scopeCondition(p, bindingScope)));
  const summary: SleepDeviceSummary = { total: rows.length, in_bed: 0, out_of_bed: 0, no_signal: 0 };
  for (const r of rows) {
    if (!isOnline(r.lastSeenAt, r.settings, now) || r.status === null) summary.no_signal += 1;
    else if (Number(r.status) === 1) summary.in_bed += 1;
    else summary.out_of_bed += 1;
  }
  return summary;
}
