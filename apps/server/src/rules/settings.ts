import { z } from 'zod';
import {
  readStoredSetting,
  sleepSetting,
  sleepSettingDefaults,
  sleepSettingStoredKey,
  spaceSetting,
  spaceSettingDefaults,
  spaceSettingStoredKey,
  type SpaceMode,
} from '@vigil/contracts';

/**
 * Settings only the rules use (no admin page edits them yet). Every field has a default and a bad
 * stored value falls back to it, so a half-edited setting can never stop alerts.
 */
const ruleSettingsSchema = z.object({
  /** Offset of the device's local time from UTC, in minutes (Taipei +480), for night windows and schedules. */
  utcOffsetMinutes: z.number().int().min(-720).max(840).catch(480),
  /** Sleep sensor: breathing rate limits (breaths per minute). */
  breathMin: z.number().min(1).max(60).catch(10),
  breathMax: z.number().min(1).max(80).catch(24),
  /** Battery level (percent) at or below which "low battery" is raised. */
  lowBatteryPercent: z.number().min(1).max(99).catch(20),
  /** Minutes without any data before the device is reported offline. */
  offlineMinutes: z
    .number()
    .int()
    .min(1)
    .max(7 * 1440)
    .catch(30),
  /** Location watch: minutes its wearer may stay still before "inactive" (type 102). */
  inactiveMinutes: z
    .number()
    .int()
    .min(5)
    .max(7 * 1440)
    .catch(120),
  /** Room devices (air box): ambient temperature (°C) at or above which "temperature high" (type 8) is raised. */
  roomTempMax: z.number().min(20).max(50).catch(30),
  /** Spot devices: measurements expected per day before "too few measurements". */
  dailyMeasurements: z.number().int().min(0).max(48).catch(1),
});

/**
 * Device settings the rules read from `devices.settings`. The sleep and space sensor pages store
 * theirs under the contracts `*StoredKey` names and are read here with the pages' own schemas and
 * defaults (`readStoredSetting`), so a value the page accepts is the value the rules apply.
 */
export type DeviceSettings = z.infer<typeof ruleSettingsSchema> & {
  /** Night (not-in-bed) window in local hours, from nightStartHour to nightEndHour (wrapping midnight). */
  nightStartHour: number;
  nightEndHour: number;
  /** Sleep sensor: minutes out of bed during the night before "out of bed too long". */
  outOfBedMinutes: number;
  /** Sleep sensor: minutes into the night without going to bed before "not in bed". */
  notInBedMinutes: number;
  /** Sleep sensor: seconds without a breath before "no breathing" (when the sensor reports them). */
  noBreathSeconds: number;
  /**
   * Sleep sensor detection sensitivity 1–5. It tunes the sensor's own presence and vital-sign
   * detection (the device applies it); the rules judge what the sensor then reports against the
   * explicit limits above, so no threshold here is scaled by it.
   */
  sensitivity: number;
  /** Space sensor mode: sentinel watches for intruders, fall watches for falls. */
  mode: SpaceMode;
  /** Space sensor: minutes someone may stay before "stayed too long". */
  stayMinutes: number;
  /** Sentinel mode guards the room on these local weekdays (0 Sunday … 6 Saturday)… */
  intrusionDays: readonly number[];
  /** …from this local hour to that one (wrapping midnight; equal hours guard the whole day). */
  intrusionStartHour: number;
  intrusionEndHour: number;
};

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

const ruleDefaults = ruleSettingsSchema.parse({});
const ruleFields = Object.entries(ruleSettingsSchema.shape) as [keyof typeof ruleDefaults, z.ZodType][];

/**
 * Only the keys actually stored go through their schema: a missing key takes its default
 * directly, which spares building a zod error per absent field (most devices store few or none,
 * and a cold ingestion directory parses thousands of them at once). Same result as
 * `readStoredSetting` / the `.catch` schema for every input.
 */
function ruleSettings(raw: Record<string, unknown>): z.infer<typeof ruleSettingsSchema> {
  const out = { ...ruleDefaults };
  for (const [key, schema] of ruleFields) {
    if (raw[key] === undefined) continue;
    const parsed = schema.safeParse(raw[key]);
    if (parsed.success) (out as Record<string, unknown>)[key] = parsed.data;
  }
  return out;
}

const noneStored = (keys: Record<string, string>, raw: Record<string, unknown>) =>
  Object.values(keys).every((key) => raw[key] === undefined);

export function parseDeviceSettings(stored: unknown): DeviceSettings {
  const raw = isRecord(stored) ? stored : {};
  const sleep = noneStored(sleepSettingStoredKey, raw)
    ? sleepSettingDefaults
    : readStoredSetting(sleepSetting, sleepSettingStoredKey, sleepSettingDefaults, raw);
  const space = noneStored(spaceSettingStoredKey, raw)
    ? spaceSettingDefaults
    : readStoredSetting(spaceSetting, spaceSettingStoredKey, spaceSettingDefaults, raw);
  return {
    ...ruleSettings(raw),
    nightStartHour: sleep.night_start_hour,
    nightEndHour: sleep.night_end_hour,
    outOfBedMinutes: sleep.out_of_bed_minutes,
    notInBedMinutes: sleep.not_in_bed_minutes,
    noBreathSeconds: sleep.no_breath_seconds,
    sensitivity: sleep.sensitivity,
    mode: space.mode,
    stayMinutes: space.stay_minutes,
    intrusionDays: space.intrusion_days,
    intrusionStartHour: space.intrusion_start_hour,
    intrusionEndHour: space.intrusion_end_hour,
  };
}

export const defaultDeviceSettings: DeviceSettings = parseDeviceSettings({});

/**
 * `parseDeviceSettings(stored)[key]` for one of the rules' own settings, alone: the device
 * summaries judge every device of the scope (online? battery low?) on each home-page load, and
 * building all of a device's settings for one limit was a tenth of the server's time there
 * (bench:shift).
 */
export function ruleSetting<K extends keyof typeof ruleDefaults>(stored: unknown, key: K): (typeof ruleDefaults)[K] {
  const value = isRecord(stored) ? stored[key] : undefined;
  return value === undefined ? ruleDefaults[key] : (ruleSettingsSchema.shape[key].parse(value) as (typeof ruleDefaults)[K]);
}
