import { z } from 'zod';
import { optionalQueryInt, unixSeconds } from './envelope.ts';

/**
 * `GET /wall` (page `wall`, docs/wall.md): the live wall's first picture, one tile per member in
 * the caller's scope. After it the page changes only from the staff socket (device rooms and the
 * abnormal events), so this is read once per visit, never polled.
 */

/** A single-value reading and when it was taken (unix seconds). */
export const wallValue = z.object({ value: z.number(), time: unixSeconds });
export type WallValue = z.infer<typeof wallValue>;

export const wallBloodPressure = z.object({ sys: z.number(), dia: z.number(), time: unixSeconds });
export type WallBloodPressure = z.infer<typeof wallBloodPressure>;

/** The member's worn device heard from most recently: what the real-time device list shows. */
export const wallDevice = z.object({
  id: z.number().int(),
  type: z.number().int(),
  /** Heard from within the device's offline limit when the snapshot was taken. */
  online: z.boolean(),
  last_seen_at: unixSeconds.nullable(),
  battery: z.number().nullable(),
  worn: z.boolean().nullable(),
});
export type WallDevice = z.infer<typeof wallDevice>;

/**
 * In bed or not: the sleep sensor's bed status, or a space sensor's presence where the member's
 * space sensor reports for them. `in_bed` false means out of bed (or the room empty).
 */
export const wallBed = z.object({ in_bed: z.boolean(), time: unixSeconds, source: z.enum(['sleep', 'space']) });
export type WallBed = z.infer<typeof wallBed>;

/** An open (not handled, not recovered) abnormal event of the member. */
export const wallAlert = z.object({ id: z.number().int(), type: z.number().int(), occur_time: unixSeconds });
export type WallAlert = z.infer<typeof wallAlert>;

export const wallMember = z.object({
  id: z.number().int(),
  name: z.string(),
  area_id: z.number().int().nullable(),
  area_name: z.string().nullable(),
  room: z.string().nullable(),
  bed: z.string().nullable(),
  heart_rate: wallValue.nullable(),
  blood_oxygen: wallValue.nullable(),
  body_temperature: wallValue.nullable(),
  blood_pressure: wallBloodPressure.nullable(),
  device: wallDevice.nullable(),
  bed_state: wallBed.nullable(),
  /** Open alerts, newest first. */
  alerts: z.array(wallAlert),
});
export type WallMember = z.infer<typeof wallMember>;

export const wallSnapshot = z.object({
  /** Server time of the snapshot: ages ("2 min ago") count from the server's clock. */
  server_time: unixSeconds,
  members: z.array(wallMember),
});
export type WallSnapshot = z.infer<typeof wallSnapshot>;

/** Members on one wall at most: a wall of more is unreadable, and the snapshot stays one cheap read. */
export const WALL_MEMBER_LIMIT = 500;

/** Optional filter: one area of the caller's scope. */
export const wallQuery = z.object({ area_id: optionalQueryInt });
export type WallQuery = z.infer<typeof wallQuery>;
