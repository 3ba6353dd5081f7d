import { z } from 'zod';
import { type RealtimeRoom, realtimeRooms } from '../enums/realtime.ts';
import { type AbnormalPayload, USER_SYSTEM_SOURCE, abnormalPayload } from './abnormal.ts';
import { unixSeconds } from './envelope.ts';

/**
 * Wire shapes of the staff real-time channel (Socket.IO namespace `/staff`, docs/realtime.md).
 * Both ends validate with these: the server before it broadcasts, the web client before it
 * touches its stores, so a malformed packet is dropped instead of corrupting the alert feed.
 */

/** Code carried by a refused connection (`connect_error.data`): SPEC §8 -1, token expired. */
export const REALTIME_REFUSED_CODE = -1;
/** SPEC §9: the client gives up a connection attempt after this many milliseconds. */
export const REALTIME_TIMEOUT_MS = 5000;

/**
 * The last abnormal event a client saw before it lost the connection. Sent again in the handshake
 * so the server replays what was raised or handled meanwhile (the Redis pub/sub adapter cannot
 * recover connection state itself).
 */
export const realtimeCursor = z.object({
  /** Highest abnormal id the client has seen (0 when none). */
  id: z.number().int().min(0),
  /** Unix seconds of the last packet received; handlings after it are replayed. */
  time: unixSeconds,
});
export type RealtimeCursor = z.infer<typeof realtimeCursor>;

/** Socket.IO handshake `auth`. */
export const realtimeHandshake = z.object({
  token: z.string().min(1).max(512),
  since: realtimeCursor.optional(),
});
export type RealtimeHandshake = z.infer<typeof realtimeHandshake>;

/** `connect_error.data` of a refused connection. */
export const realtimeRefusal = z.object({ code: z.number().int(), message: z.string().optional() });
export type RealtimeRefusal = z.infer<typeof realtimeRefusal>;

/**
 * The connect result (`login` from the server): the client sends nothing else before it arrives,
 * which is why it queues its own emits until then.
 */
export const realtimeLoginResult = z.object({
  code: z.literal(0),
  staff_id: z.number().int(),
  org_id: z.number().int(),
  area_id: z.number().int().nullable(),
  role: z.number().int(),
  /** Whether this connection receives abnormal events (bell roles with GET /abnormal). */
  abnormal: z.boolean(),
  /** Unix seconds at the server when the connection was accepted: the next catch-up cursor time. */
  server_time: unixSeconds,
});
export type RealtimeLoginResult = z.infer<typeof realtimeLoginResult>;

/** `logout` from the server: the session ended (revoked, expired); the client must sign in again. */
export const realtimeLogout = z.object({ code: z.number().int() });
export type RealtimeLogout = z.infer<typeof realtimeLogout>;

/** Body of `join_realtime_room` / `leave_realtime_room`: SPEC emits the room by name. */
export const realtimeRoomName = z.enum(realtimeRooms as [RealtimeRoom, ...RealtimeRoom[]]);

/** `join` / `leave` from the server: the result of a room request. */
export const realtimeRoomResult = z.object({ room: z.string(), ok: z.boolean() });
export type RealtimeRoomResult = z.infer<typeof realtimeRoomResult>;

/**
 * Live device data of a device room (`sleepRealTime`, `spaceRealTime`, …): which device, whose,
 * where, when, and the room-specific values as ingestion produced them.
 */
export const realtimeDeviceData = z.object({
  room: realtimeRoomName,
  device: z.object({ id: z.number().int(), type: z.number().int(), name: z.string().nullable() }),
  member: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  area: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  occur_time: unixSeconds,
  values: z.record(z.string(), z.union([z.number(), z.string(), z.boolean(), z.null()])),
});
export type RealtimeDeviceData = z.infer<typeof realtimeDeviceData>;

/**
 * `abnormal` (and the other alert events) as the channel carries them: the list row of
 * schemas/abnormal.ts, plus `escalated` on the copy sent to admins when an event stayed unhandled
 * longer than its organisation allows.
 */
export const realtimeAbnormal = abnormalPayload.extend({ escalated: z.boolean().optional() });
export type RealtimeAbnormal = z.infer<typeof realtimeAbnormal>;

/** SPEC's user channel (`userAbnormal`, `userAbnormalHandle`) carries user-system alerts. */
export function isUserChannelAbnormal(payload: Pick<AbnormalPayload, 'source'>): boolean {
  return payload.source.type === USER_SYSTEM_SOURCE;
}
