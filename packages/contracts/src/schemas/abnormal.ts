import { z } from 'zod';
import { AbnormalStoreCategory, DeviceType } from '../enums/devices.ts';
import { optionalText, textField } from '../rules/text.ts';
import { auditFields, listQuery, optionalQueryDate, optionalQueryInt, unixSeconds } from './envelope.ts';

/**
 * SPEC §3 abnormal event shapes. `source.type` says which list of the client-side abnormal store
 * the event belongs to: a device room (sleep, space, air, watch, device_bind, chylyng, diaper) for
 * device alerts, `member` for alerts about a member without a device (daily and care rules), and
 * `user_system` for alerts raised through the member-facing user system (SPEC's user channel).
 * `source.id` is the device binding id (SPEC's "bind id") when the event came from a bound device,
 * otherwise the member id (or the area id for an unbound room device).
 */
export const AbnormalSourceType = {
  ...AbnormalStoreCategory,
  member: 'member',
  userSystem: 'user_system',
} as const;
export type AbnormalSourceType = (typeof AbnormalSourceType)[keyof typeof AbnormalSourceType];
export const USER_SYSTEM_SOURCE = AbnormalSourceType.userSystem;

/**
 * Devices a member keeps and binds through the member (user) system rather than the
 * organisation's device pages: SPEC §7 lists the FORA D40g only under `/user-system/device/bind/forad40g`
 * (the 4G watch has an organisation page too). Their alerts are member-system alerts, sent on
 * SPEC's user channel.
 */
export const userSystemDeviceTypes: ReadonlySet<number> = new Set([DeviceType.foraD40g]);

/** SPEC §3 detail: value (string or number), standard, minute; the detail view adds lat and lng. */
export const abnormalDetailData = z.object({
  value: z.union([z.string(), z.number()]).optional(),
  standard: z.number().optional(),
  minute: z.number().optional(),
  lat: z.string().optional(),
  lng: z.string().optional(),
});
export type AbnormalDetailData = z.infer<typeof abnormalDetailData>;

const named = z.object({ id: z.number().int(), name: z.string() });

/**
 * The member an alert is about, with where to find them: the room and bed of the member's record
 * (absent from payloads built before they were sent, null when the record has none).
 */
const alertMember = named.extend({
  room: z.string().nullable().optional(),
  bed: z.string().nullable().optional(),
});

export const abnormalSource = z.object({
  type: z.enum(Object.values(AbnormalSourceType) as [AbnormalSourceType, ...AbnormalSourceType[]]),
  id: z.number().int(),
  user: alertMember.nullable(),
  /** Null only for a member kept outside every area. */
  area: named.nullable(),
  device: z.object({ type: z.number().int(), id: z.number().int(), name: z.string().nullable() }).nullable(),
});
export type AbnormalSource = z.infer<typeof abnormalSource>;

export const abnormalHandle = z.object({
  content: z.string(),
  staff_name: z.string(),
  handle_time: unixSeconds,
  remark: z.string().nullable(),
  /** The handler judged that the alert needed no action. */
  no_action: z.boolean().optional(),
});
export type AbnormalHandle = z.infer<typeof abnormalHandle>;

/** GET /abnormal list row; also the payload of the real-time `abnormal` events. */
export const abnormalListItem = z.object({
  id: z.number().int(),
  type: z.number().int(),
  /** SPEC §3 abnormal category of the type (the `class` filter). */
  category: z.number().int(),
  occur_time: unixSeconds,
  detail: abnormalDetailData.nullable(),
  is_handle: z.boolean(),
  is_follow: z.boolean(),
  source: abnormalSource,
  handle: abnormalHandle.nullable(),
  /** Crossings of the same condition merged into this open event (1: no repeat). */
  count: z.number().int().min(1).optional(),
  /** When the latest merged crossing occurred (null until a repeat). */
  last_occur_time: unixSeconds.nullable().optional(),
  /** Acknowledged: the alert stays open but silent until this time (null: not acknowledged). */
  acknowledged_until: unixSeconds.nullable().optional(),
  /** Who acknowledged it last. */
  acknowledged_by: z.string().nullable().optional(),
  ...auditFields,
});
export type AbnormalListItem = z.infer<typeof abnormalListItem>;

/** What the server broadcasts on `abnormal` / `abnoramlHandle`: the list row as it now stands. */
export const abnormalPayload = abnormalListItem;
export type AbnormalPayload = AbnormalListItem;

/** GET /abnormal/{id}: the row with every handling, oldest first. */
export const abnormalDetailView = abnormalListItem.extend({ handles: z.array(abnormalHandle) });
export type AbnormalDetailView = z.infer<typeof abnormalDetailView>;

/** GET /abnormal: is_handle, start_date, end_date, type, class (category), area_id, user_id. */
export const abnormalListQuery = listQuery(['id', 'occur_time', 'type']).extend({
  /** 0 not handled, 1 handled; any other value is a mistake, not "not handled". */
  is_handle: optionalQueryInt.refine((v) => v === undefined || v === 0 || v === 1, { message: 'validation.invalidOption' }),
});
export type AbnormalListQuery = z.infer<typeof abnormalListQuery>;

/** POST /handle/abnormal. */
export const handleAbnormalRequest = z.strictObject({
  abnormal_id: z.number().int().min(1),
  content: textField({ max: 500 }),
  remark: optionalText(500),
  /** The handler judged that the alert needed no action (counted on the alert-burden page). */
  no_action: z.boolean().optional(),
});
export type HandleAbnormalRequest = z.infer<typeof handleAbnormalRequest>;

/** PATCH /abnormal/follow/{id}: the flag to set (the row's current value flipped by the client). */
export const followAbnormalRequest = z.object({ is_follow: z.boolean() }).partial();
export type FollowAbnormalRequest = z.infer<typeof followAbnormalRequest>;

/** How long an acknowledgement silences an alert, in minutes (the console offers these). */
export const acknowledgeMinutes = [5, 10, 15, 30, 60] as const;
/** How long a snooze silences one member's alerts of one type, in minutes. */
export const snoozeMinutes = [15, 30, 60, 120, 240] as const;

const oneOf = (choices: readonly number[]) =>
  z
    .number({ error: 'validation.invalidOption' })
    .int({ message: 'validation.invalidOption' })
    .refine((v) => choices.includes(v), { message: 'validation.invalidOption' });

/** POST /abnormal/acknowledge/{id}: silence the alert for this many minutes without handling it. */
export const acknowledgeAbnormalRequest = z.strictObject({ minutes: oneOf(acknowledgeMinutes) });
export type AcknowledgeAbnormalRequest = z.infer<typeof acknowledgeAbnormalRequest>;

/** POST /abnormal/snooze: silence one member's alerts of one type (not a high-priority type). */
export const snoozeAbnormalRequest = z.strictObject({
  user_id: z.number().int().min(1),
  type: z.number().int().min(0).max(102),
  minutes: oneOf(snoozeMinutes),
});
export type SnoozeAbnormalRequest = z.infer<typeof snoozeAbnormalRequest>;

/** A snooze in force (GET /abnormal/snooze, the `abnormalSnooze` real-time event). */
export const abnormalSnoozeRow = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  user_name: z.string(),
  type: z.number().int(),
  until: unixSeconds,
  staff_name: z.string(),
  created_at: unixSeconds,
});
export type AbnormalSnoozeRow = z.infer<typeof abnormalSnoozeRow>;

/** Real-time `abnormalSnooze`: the snoozes of the organisation changed; re-read them. */
export const ABNORMAL_SNOOZE_EVENT = 'abnormalSnooze';
export const abnormalSnoozeChange = z.object({ id: z.number().int(), user_id: z.number().int(), type: z.number().int() });

/** GET /abnormal/burden: a range of local days (start and end in unix seconds), optional area. */
export const alertBurdenQuery = z.object({
  start_date: optionalQueryDate,
  end_date: optionalQueryDate,
  area_id: optionalQueryInt,
  /** The viewer's offset from UTC in minutes (Taipei 480), so days are the viewer's days. */
  utc_offset: optionalQueryInt.refine((v) => v === undefined || (v >= -840 && v <= 840), { message: 'validation.invalidNumber' }),
});
export type AlertBurdenQuery = z.infer<typeof alertBurdenQuery>;

/** One member's alerts in the range: the total, the average per day and the count of each day. */
export const alertBurdenMember = z.object({
  user_id: z.number().int().nullable(),
  user_name: z.string().nullable(),
  total: z.number().int(),
  per_day: z.number(),
  by_day: z.array(z.object({ day: z.string(), count: z.number().int() })),
});
export type AlertBurdenMember = z.infer<typeof alertBurdenMember>;

export const alertBurden = z.object({
  start_date: unixSeconds,
  end_date: unixSeconds,
  days: z.array(z.string()),
  total: z.number().int(),
  members: z.array(alertBurdenMember),
  /** Seconds from an alert to its first response (acknowledgement or handling); null without any. */
  response: z.object({
    responded: z.number().int(),
    p50: z.number().nullable(),
    p90: z.number().nullable(),
    p95: z.number().nullable(),
  }),
  /** Handled alerts and how many of them the handler marked as needing no action. */
  handled: z.number().int(),
  no_action: z.number().int(),
  no_action_share: z.number().nullable(),
});
export type AlertBurden = z.infer<typeof alertBurden>;
