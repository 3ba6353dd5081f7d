import { and, asc, count, desc, eq, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import {
  DeviceType,
  insideZone,
  toUnixOrNull,
  type DeviceRealTimeListQuery,
  type DeviceRealTimeRow,
  type DeviceSummary,
  type Paginated,
  type SafeZone,
  type SleepDeviceSummary,
} from '@vigil/contracts';
import type { Db } from '../../../db/client.ts';
import { deviceBindings, devices, members } from '../../../db/schema/index.ts';
import type { Principal } from '../../../auth/principal.ts';
import { scopeCondition } from '../../../auth/scope.ts';
import { readingKindCode } from '../../../ingest/kinds.ts';
import { containsPattern } from '../../../resources/rows.ts';
import { paginate, pageWindow } from '../../../resources/paging.ts';
import { parseDeviceSettings } from '../../../rules/settings.ts';
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

/**
 * SPEC §7 `GET /device/bind/real-time`: every open binding of a worn device to a member in the
 * caller's scope, with its current state read from the newest battery, wearing and location
 * readings. Online means heard from within the device's offline limit (the offline rule's limit).
 */
export async function listRealTime(db: Db, p: Principal, q: DeviceRealTimeListQuery, now = new Date()): Promise<Paginated<DeviceRealTimeRow>> {
  const types = q.device_types?.length ? q.device_types.filter((t) => wornDeviceTypes.includes(t as DeviceType)) : wornDeviceTypes;
  const where = and(
    isNull(deviceBindings.unboundAt),
    inArray(devices.type, [...types]),
    scopeCondition(p, bindingScope),
    q.area_id !== undefined ? eq(areaId, q.area_id) : undefined,
    q.user_id !== undefined ? eq(deviceBindings.memberId, q.user_id) : undefined,
    q.keyword !== undefined ? or(ilike(members.name, containsPattern(q.keyword)), ilike(devices.serial, containsPattern(q.keyword))) : undefined,
  );
  const [{ total }] = await db
      .select({ total: count() })
      .from(deviceBindings)
      .innerJoin(devices, eq(devices.id, deviceBindings.deviceId))
      .innerJoin(members, eq(members.id, deviceBindings.memberId))
      .where(where);
  const orderColumn = { id: deviceBindings.id, member_name: members.name, last_seen_at: devices.lastSeenAt }[q.order_by];
  const { offset, limit } = pageWindow(q);
  let query = db
    .select({
      id: deviceBindings.id,
      orgId: devices.orgId,
      deviceId: devices.id,
      type: devices.type,
      serial: devices.serial,
      name: devices.name,
      settings: devices.settings,
      lastSeenAt: devices.lastSeenAt,
      memberId: members.id,
      memberName: members.name,
      safeZone: members.safeZone,
      areaId,
      areaName: sql<string | null>`(select a.name from areas a where a.id = ${areaId})`,
      battery: latest(readingKindCode.battery, sql`(r.data->>'level')::real`),
      worn: latest(readingKindCode.wearing, sql`(r.data->>'worn')::boolean`),
      position: latest(readingKindCode.location, sql`jsonb_build_object('lat', r.data->'lat', 'lng', r.data->'lng', 't', extract(epoch from r.occur_time)::bigint)`),
    })
    .from(deviceBindings)
    .innerJoin(devices, eq(devices.id, deviceBindings.deviceId))
    .innerJoin(members, eq(members.id, deviceBindings.memberId))
    .where(where)
    .orderBy(q.order === 'desc' ? desc(orderColumn) : asc(orderColumn), asc(deviceBindings.id))
    .offset(offset)
    .$dynamic();
  if (limit !== undefined) query = query.limit(limit);
  const rows = await query;
  const list = rows.map((r): DeviceRealTimeRow => {
    const position = r.position as { lat: number; lng: number; t: number } | null;
    const zone = (r.safeZone as SafeZone | null) ?? null;
    return {
      id: r.id,
      org_id: r.orgId,
      device_id: r.deviceId,
      device_type: r.type,
      serial: r.serial,
      device_name: r.name,
      member_id: r.memberId,
      member_name: r.memberName,
      area_id: r.areaId === null ? null : Number(r.areaId),
      area_name: r.areaName,
      online: isOnline(r.lastSeenAt, r.settings, now),
      last_seen_at: toUnixOrNull(r.lastSeenAt),
      battery: r.battery === null ? null : Number(r.battery),
      worn: r.worn === null ? null : Boolean(r.worn),
      lat: position ? Number(position.lat) : null,
      lng: position ? Number(position.lng) : null,
      position_time: position ? Number(position.t) : null,
      safe_zone: zone,
      in_zone: zone && position ? insideZone(zone, { lat: Number(position.lat), lng: Number(position.lng) }) : null,
    };
  });
  return paginate(q, Number(total), list);
}

/** Sets (or clears) a member's safe zone; the member must be in scope and of the caller's own organisation. */
export async function setSafeZone(db: Db, p: Principal, memberId: number, zone: SafeZone | null): Promise<SafeZone | null> {
  const member = await findMember(db, p, memberId);
  assertOwnMember(p, member);
  await db.update(members).set({ safeZone: zone, updatedAt: new Date() }).where(eq(members.id, member.id));
  return zone;
}

/** Whether a device was heard from within its offline limit (the offline rule's limit). */
export function isOnline(lastSeenAt: Date | null, settings: unknown, now: Date): boolean {
  return lastSeenAt !== null && now.getTime() - lastSeenAt.getTime() <= parseDeviceSettings(settings).offlineMinutes * 60_000;
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
    if (r.battery !== null && Number(r.battery) <= parseDeviceSettings(r.settings).lowBatteryPercent) summary.low_battery += 1;
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
