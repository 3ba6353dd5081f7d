import { z } from 'zod';
import { AbnormalStoreCategory } from '../enums/devices.ts';
import { optionalText, textField } from '../rules/text.ts';
import { auditFields, listQuery, optionalQueryInt, unixSeconds } from './envelope.ts';

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
});
export type HandleAbnormalRequest = z.infer<typeof handleAbnormalRequest>;

/** PATCH /abnormal/follow/{id}: the flag to set (the row's current value flipped by the client). */
export const followAbnormalRequest = z.object({ is_follow: z.boolean() }).partial();
export type FollowAbnormalRequest = z.infer<typeof followAbnormalRequest>;
