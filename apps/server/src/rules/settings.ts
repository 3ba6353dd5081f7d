import { z } from 'zod';

/**
 * Device settings the rules read from `devices.settings` (sleep and space sensor pages, watch
 * limits). Every field has a default and a bad stored value falls back to it, so a half-edited
 * setting can never stop alerts.
 */
export const deviceSettingsSchema = z.object({
  /** Offset of the device's local time from UTC, in minutes (Taipei +480), for night windows. */
  utcOffsetMinutes: z.number().int().min(-720).max(840).catch(480),
  /** Night window in local hours: from nightStartHour to nightEndHour (wrapping midnight). */
  nightStartHour: z.number().int().min(0).max(23).catch(22),
  nightEndHour: z.number().int().min(0).max(23).catch(6),
  /** Sleep sensor: minutes out of bed during the night before "out of bed too long". */
  outOfBedMinutes: z.number().int().min(1).max(720).catch(30),
  /** Sleep sensor: minutes into the night without going to bed before "not in bed". */
  notInBedMinutes: z.number().int().min(1).max(720).catch(60),
  /** Sleep sensor: breathing rate limits (breaths per minute). */
  breathMin: z.number().min(1).max(60).catch(10),
  breathMax: z.number().min(1).max(80).catch(24),
  /** Space sensor mode: sentinel watches for intruders, fall watches for falls. */
  mode: z.enum(['sentinel', 'fall']).catch('fall'),
  /** Sentinel mode: whether the room is guarded now (any presence is an intrusion). */
  guarded: z.boolean().catch(false),
  /** Space sensor: minutes someone may stay before "stayed too long". */
  stayMinutes: z.number().int().min(1).max(1440).catch(30),
  /** Battery level (percent) at or below which "low battery" is raised. */
  lowBatteryPercent: z.number().min(1).max(99).catch(20),
  /** Minutes without any data before the device is reported offline. */
  offlineMinutes: z
    .number()
    .int()
    .min(1)
    .max(7 * 1440)
    .catch(30),
  /** Spot devices: measurements expected per day before "too few measurements". */
  dailyMeasurements: z.number().int().min(0).max(48).catch(1),
});

export type DeviceSettings = z.infer<typeof deviceSettingsSchema>;

export function parseDeviceSettings(stored: unknown): DeviceSettings {
  const parsed = deviceSettingsSchema.safeParse(stored ?? {});
  return parsed.success ? parsed.data : deviceSettingsSchema.parse({});
}

export const defaultDeviceSettings: DeviceSettings = deviceSettingsSchema.parse({});
