import { z } from 'zod';
import { DeviceType } from '../../enums/devices.ts';
import { ValidationMessage } from '../../rules/messages.ts';
import { optionalText } from '../../rules/text.ts';
import { auditFields, listQuery, unixSeconds } from '../envelope.ts';
import { codeOf, enableFilter, id } from './common.ts';
import { Resource } from '../../permissions/resources.ts';
import { resourceContract } from '../resource.ts';

export const deviceTypeSchema = codeOf(DeviceType);

/** The open binding of a device: to a member (wearables) or an area (room devices). */
export const deviceBindingSummary = z.object({
  /** The binding id (SPEC's bind id). */
  id: z.number().int(),
  member_id: z.number().int().nullable(),
  member_name: z.string().nullable(),
  area_id: z.number().int().nullable(),
  area_name: z.string().nullable(),
  bound_at: unixSeconds,
});

/** GET /device/bind row (also the detail): an organisation's registered device. */
export const deviceRow = z.object({
  id: z.number().int(),
  org_id: z.number().int(),
  org_name: z.string(),
  area_id: z.number().int().nullable(),
  area_name: z.string().nullable(),
  type: z.number().int(),
  serial: z.string(),
  name: z.string().nullable(),
  model: z.string().nullable(),
  enable: z.boolean(),
  last_seen_at: unixSeconds.nullable(),
  binding: deviceBindingSummary.nullable(),
  ...auditFields,
});
export type DeviceRow = z.infer<typeof deviceRow>;
export const deviceDetail = deviceRow;

/** Serial numbers as printed on devices: letters, digits, dashes, dots and underscores. */
const serial = z
  .string({ error: ValidationMessage.required })
  .min(1, { message: ValidationMessage.required })
  .max(64, { message: ValidationMessage.tooLong })
  .regex(/^[A-Za-z0-9._-]+$/, { message: ValidationMessage.specialChars });

/** POST /device/bind. org_id is for operators; area_id places the device (area admins: their own). */
export const deviceCreate = z.strictObject({
  type: deviceTypeSchema,
  serial,
  name: optionalText(100),
  model: optionalText(60),
  org_id: id.optional(),
  area_id: id.nullable().optional(),
  enable: z.boolean().optional(),
});
export type DeviceCreate = z.infer<typeof deviceCreate>;

/** PUT/PATCH /device/bind/{id}: type and serial identify the device and never change. */
export const deviceUpdate = z.strictObject({
  name: optionalText(100),
  model: optionalText(60),
  area_id: id.nullable().optional(),
});
export type DeviceUpdate = z.infer<typeof deviceUpdate>;

/** POST /device/bind and POST /device/bind/key/{id}: the device key, shown this once (only its hash is kept). */
export const deviceCreated = deviceRow.extend({ key: z.string() });
export type DeviceCreated = z.infer<typeof deviceCreated>;
export const deviceKey = z.object({ id: z.number().int(), key: z.string() });
export type DeviceKey = z.infer<typeof deviceKey>;

/**
 * POST /device/bind/{id}/bind: a member for member-level types, an area for room devices
 * (contracts deviceTypeBinding). The device must be unbound first (-8 otherwise).
 */
export const deviceBindRequest = z
  .strictObject({
    member_id: id.optional(),
    area_id: id.optional(),
    remark: optionalText(500),
  })
  .refine((v) => (v.member_id === undefined) !== (v.area_id === undefined), {
    path: ['member_id'],
    message: ValidationMessage.required,
  });
export type DeviceBindRequest = z.infer<typeof deviceBindRequest>;

/** POST /device/bind/{id}/unbind. */
export const deviceUnbindRequest = z.strictObject({ remark: optionalText(500) }).optional();

/**
 * Filters: type, device_types, keyword (serial, name), org_id, area_id, user_id (bound member),
 * enable, state (1 bound, 0 unbound).
 */
export const deviceListQuery = listQuery(['id', 'serial', 'type', 'last_seen_at', 'created_at', 'updated_at']).extend({
  enable: enableFilter,
});
export type DeviceListQuery = z.infer<typeof deviceListQuery>;

/** Registration (POST, `deviceCreate`) is a call of its own that answers the device key once. */
export const deviceResource = resourceContract({
  path: Resource.deviceBind,
  row: deviceRow,
  update: deviceUpdate,
  listQuery: deviceListQuery,
});

/**
 * A binding row: /user-system/device/bind (members' devices), /device/bind/chylyng and
 * /user-system/device/bind/chylyng (4G watches), /user-system/device/bind/forad40g (FORA meters).
 * DELETE on the chylyng lists ends the binding.
 */
export const deviceBindingRow = z.object({
  id: z.number().int(),
  org_id: z.number().int(),
  device_id: z.number().int(),
  device_type: z.number().int(),
  serial: z.string(),
  device_name: z.string().nullable(),
  model: z.string().nullable(),
  last_seen_at: unixSeconds.nullable(),
  member_id: z.number().int().nullable(),
  member_name: z.string().nullable(),
  area_id: z.number().int().nullable(),
  area_name: z.string().nullable(),
  bound_at: unixSeconds,
  unbound_at: unixSeconds.nullable(),
  remark: z.string().nullable(),
  /** Audit fields of the binding: created_at is bound_at, updated_at the latest of bound/unbound. */
  ...auditFields,
});
export type DeviceBindingRow = z.infer<typeof deviceBindingRow>;

/** Filters: user_id (member), area_id, org_id, device_types, keyword (serial, member name), state (1 bound now, 0 ended). */
export const deviceBindingListQuery = listQuery(['id', 'bound_at']);
export type DeviceBindingListQuery = z.infer<typeof deviceBindingListQuery>;

/** Every member binding (page `member-device`). */
export const deviceBindingResource = resourceContract({
  path: Resource.userSystemDeviceBind,
  row: deviceBindingRow,
  listQuery: deviceBindingListQuery,
});
/** The bindings of FORA D40g meters to members. */
export const foraD40gBindingResource = resourceContract({
  path: Resource.userSystemDeviceBindForad40g,
  row: deviceBindingRow,
  listQuery: deviceBindingListQuery,
});
/** The bindings of 4G location watches to members (page `device-chylyng`). */
export const chylyngBindingResource = resourceContract({
  path: Resource.deviceBindChylyng,
  row: deviceBindingRow,
  listQuery: deviceBindingListQuery,
});
/** The same watch bindings at the member-care path (page `member-device-chylyng`). */
export const memberChylyngBindingResource = resourceContract({
  path: Resource.userSystemDeviceBindChylyng,
  row: deviceBindingRow,
  listQuery: deviceBindingListQuery,
});

/** GET/PUT /device/sleep/setting/{id}: a sleep sensor's alert settings. */
export const sleepSetting = z.strictObject({
  /** Minutes out of bed during the night window before "out of bed too long". */
  out_of_bed_minutes: z.number().int().min(1).max(720),
  /** The night (not-in-bed) window, local hours; wraps midnight when start > end. */
  night_start_hour: z.number().int().min(0).max(23),
  night_end_hour: z.number().int().min(0).max(23),
  /** Minutes into the night window without going to bed before "not in bed". */
  not_in_bed_minutes: z.number().int().min(1).max(720),
  /** Seconds without breathing before "no breathing". */
  no_breath_seconds: z.number().int().min(5).max(300),
  /** Detection sensitivity, 1 (least) to 5 (most). */
  sensitivity: z.number().int().min(1).max(5),
});
export type SleepSetting = z.infer<typeof sleepSetting>;

export const SpaceMode = { sentinel: 'sentinel', fall: 'fall' } as const;
export type SpaceMode = (typeof SpaceMode)[keyof typeof SpaceMode];

/** GET/PUT /device/space/setting/{id}: a space sensor's mode and alert settings. */
export const spaceSetting = z.strictObject({
  mode: z.enum(SpaceMode, { error: ValidationMessage.invalidOption }),
  /** Minutes someone may stay before "stayed too long". */
  stay_minutes: z.number().int().min(1).max(1440),
  /** Sentinel mode guards the room on these weekdays (0 Sunday … 6 Saturday) between these local hours. */
  intrusion_days: z
    .array(z.number().int().min(0).max(6))
    .max(7)
    .refine((v) => new Set(v).size === v.length, { message: ValidationMessage.invalidOption }),
  intrusion_start_hour: z.number().int().min(0).max(23),
  intrusion_end_hour: z.number().int().min(0).max(23),
});
export type SpaceSetting = z.infer<typeof spaceSetting>;

export const sleepSettingDefaults: SleepSetting = {
  out_of_bed_minutes: 30,
  night_start_hour: 22,
  night_end_hour: 6,
  not_in_bed_minutes: 60,
  no_breath_seconds: 20,
  sensitivity: 3,
};
export const spaceSettingDefaults: SpaceSetting = {
  mode: 'fall',
  stay_minutes: 30,
  intrusion_days: [],
  intrusion_start_hour: 22,
  intrusion_end_hour: 6,
};

/**
 * Where each setting is kept inside devices.settings: the camelCase keys the alert rules read
 * (apps/server/src/rules/settings.ts), so the pages and the rules share one stored object.
 */
export const sleepSettingStoredKey = {
  out_of_bed_minutes: 'outOfBedMinutes',
  night_start_hour: 'nightStartHour',
  night_end_hour: 'nightEndHour',
  not_in_bed_minutes: 'notInBedMinutes',
  no_breath_seconds: 'noBreathSeconds',
  sensitivity: 'sensitivity',
} as const satisfies Record<keyof SleepSetting, string>;
export const spaceSettingStoredKey = {
  mode: 'mode',
  stay_minutes: 'stayMinutes',
  intrusion_days: 'intrusionDays',
  intrusion_start_hour: 'intrusionStartHour',
  intrusion_end_hour: 'intrusionEndHour',
} as const satisfies Record<keyof SpaceSetting, string>;

/** Reads a page's settings out of a stored settings object; a missing or bad value takes its default. */
export function readStoredSetting<T extends Record<string, unknown>>(
  schema: z.ZodObject,
  keys: Readonly<Record<keyof T & string, string>>,
  defaults: T,
  stored: Record<string, unknown>,
): T {
  const out: Record<string, unknown> = {};
  for (const [field, key] of Object.entries(keys) as [keyof T & string, string][]) {
    const check = (schema.shape as Record<string, z.ZodType>)[field].safeParse(stored[key]);
    out[field] = check.success ? check.data : defaults[field];
  }
  return out as T;
}

/** Writes a page's settings into a stored settings object, keeping every other key. */
export function writeStoredSetting<T extends Record<string, unknown>>(
  keys: Readonly<Record<keyof T & string, string>>,
  value: T,
  stored: Record<string, unknown>,
): Record<string, unknown> {
  const out = { ...stored };
  for (const [field, key] of Object.entries(keys) as [keyof T & string, string][]) out[key] = value[field];
  return out;
}

/** GET answer of both setting routes: the device and its settings. */
export const sleepSettingDetail = z.object({ device_id: z.number().int(), setting: sleepSetting, updated_at: unixSeconds });
export const spaceSettingDetail = z.object({ device_id: z.number().int(), setting: spaceSetting, updated_at: unixSeconds });
