import { z } from 'zod';
import { ValidationMessage } from '../rules/messages.ts';
import { auditFields, listQuery, unixSeconds } from './envelope.ts';
import { Resource } from '../permissions/resources.ts';
import { resourceContract } from './resource.ts';

/**
 * SPEC §7 `/device/sleep/history` (page `device-sleep-history`, "sleep perception history"): what
 * the sleep sensors perceived, one row per bed-status report: in or out of bed, for how long, and
 * the heart and breathing rates the sensor read. Hotels read it per room and guest.
 */
export const sleepHistoryRow = z.object({
  id: z.number().int(),
  org_id: z.number().int(),
  device_id: z.number().int(),
  serial: z.string(),
  device_name: z.string().nullable(),
  member_id: z.number().int().nullable(),
  member_name: z.string().nullable(),
  area_id: z.number().int().nullable(),
  area_name: z.string().nullable(),
  room: z.string().nullable(),
  bed: z.string().nullable(),
  /** 1 in bed, 0 out of bed. */
  status: z.number().int(),
  /** Minutes the member had been in (or out of) bed when reported. */
  minutes: z.number().int(),
  heart_rate: z.number().nullable(),
  breath_rate: z.number().nullable(),
  occur_time: unixSeconds,
  ...auditFields,
});
export type SleepHistoryRow = z.infer<typeof sleepHistoryRow>;

/** Filters: user_id (guest), area_id (room's area), state (1 in bed, 0 out), keyword (name, room, serial), start_date/end_date. */
export const sleepHistoryListQuery = listQuery(['id', 'occur_time']);
export type SleepHistoryListQuery = z.infer<typeof sleepHistoryListQuery>;

export const sleepHistoryResource = resourceContract({
  path: Resource.deviceSleepHistory,
  row: sleepHistoryRow,
  listQuery: sleepHistoryListQuery,
});

const latitude = z.number({ error: ValidationMessage.invalidNumber }).min(-90).max(90);
const longitude = z.number({ error: ValidationMessage.invalidNumber }).min(-180).max(180);

/** A member's safe zone: a circle the member's location watch should stay inside. */
export const safeZone = z.strictObject({
  lat: latitude,
  lng: longitude,
  /** Radius in metres. */
  radius: z.number({ error: ValidationMessage.invalidNumber }).int().min(20).max(50_000),
});
export type SafeZone = z.infer<typeof safeZone>;

/** PUT /user/safe-zone/{id}: set a member's safe zone, or clear it with null. */
export const safeZoneUpdate = z.strictObject({ safe_zone: safeZone.nullable() });
export type SafeZoneUpdate = z.infer<typeof safeZoneUpdate>;

/**
 * SPEC §7 `/device/bind/real-time`: each bound wearable's current state, for security companies
 * and care staff watching location watches: online, battery, worn, and the last position with the
 * member's safe zone. Values are null until the device has reported them.
 */
export const deviceRealTimeRow = z.object({
  /** The binding id (SPEC's bind id). */
  id: z.number().int(),
  org_id: z.number().int(),
  device_id: z.number().int(),
  device_type: z.number().int(),
  serial: z.string(),
  device_name: z.string().nullable(),
  member_id: z.number().int(),
  member_name: z.string(),
  area_id: z.number().int().nullable(),
  area_name: z.string().nullable(),
  online: z.boolean(),
  last_seen_at: unixSeconds.nullable(),
  battery: z.number().nullable(),
  worn: z.boolean().nullable(),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  position_time: unixSeconds.nullable(),
  safe_zone: safeZone.nullable(),
  /** Whether the last position lies inside the safe zone; null without either. */
  in_zone: z.boolean().nullable(),
});
export type DeviceRealTimeRow = z.infer<typeof deviceRealTimeRow>;

/** Filters: area_id, user_id, device_types, keyword (member name, serial). */
export const deviceRealTimeListQuery = listQuery(['id', 'member_name', 'last_seen_at']);
export type DeviceRealTimeListQuery = z.infer<typeof deviceRealTimeListQuery>;

/** GET /device/bind/real-time (a service route): the wearables' current state, read only. */
export const deviceRealTimeResource = resourceContract({
  path: Resource.deviceBindRealTime,
  row: deviceRealTimeRow,
  listQuery: deviceRealTimeListQuery,
});

/** Great-circle distance in metres (haversine): how far a position lies from a safe zone's centre. */
export function distanceMetres(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * 6_371_000 * Math.asin(Math.min(1, Math.sqrt(h)));
}

export function insideZone(zone: SafeZone, at: { lat: number; lng: number }): boolean {
  return distanceMetres(zone, at) <= zone.radius;
}

/**
 * The index page's panels (SPEC §2 "personal, device, sleep-device and area content"): figures of
 * the caller's own organisation, or own area for area-scoped roles. Each summary route is guarded
 * by the permission of the page whose rows it counts, so a panel shows exactly where that page
 * could be opened (docs/architecture.md "Home page").
 */
export const IndexPanelPath = {
  /** Worn devices, counted like `/device/bind/real-time` rows; guarded by its GET permission. */
  devices: '/device/bind/summary',
  /** Sleep sensors and their bed status; guarded by GET `/device/sleep/history`. */
  sleepDevices: '/device/sleep/summary',
  /** Per area: members, open alerts, devices online; guarded by GET `/area`. */
  areas: '/area/summary',
} as const;

/** GET /device/bind/summary: the worn devices bound to members now, by state. */
export const deviceSummary = z.object({
  bound: z.number().int(),
  /** Heard from within the device's offline limit; `offline` is the rest of `bound`. */
  online: z.number().int(),
  offline: z.number().int(),
  /** Last battery reading at or below the device's low-battery setting (percent). */
  low_battery: z.number().int(),
  /** Last wearing report says not worn. */
  not_worn: z.number().int(),
});
export type DeviceSummary = z.infer<typeof deviceSummary>;

/** GET /device/sleep/summary: the sleep sensors in scope; a sensor that is offline counts as no signal. */
export const sleepDeviceSummary = z.object({
  total: z.number().int(),
  in_bed: z.number().int(),
  out_of_bed: z.number().int(),
  no_signal: z.number().int(),
});
export type SleepDeviceSummary = z.infer<typeof sleepDeviceSummary>;

/** One area of GET /area/summary. */
export const areaSummaryRow = z.object({
  area_id: z.number().int(),
  area_name: z.string(),
  /** Enabled members placed in the area. */
  members: z.number().int(),
  /** Unhandled, unrecovered alerts of the area; null when the caller may not read alerts (GET /abnormal). */
  open_alerts: z.number().int().nullable(),
  /** Devices placed in the area (by binding, member or device) heard from within their offline limit. */
  devices_online: z.number().int(),
});
export type AreaSummaryRow = z.infer<typeof areaSummaryRow>;
export const areaSummary = z.object({ list: z.array(areaSummaryRow) });
export type AreaSummary = z.infer<typeof areaSummary>;
