import { z } from 'zod';
import type { PhysiologicalKind } from '../enums/physiological.ts';

/**
 * What a device may send: the 17 physiological kinds of SPEC §1 plus device events. Each kind has
 * a zod schema of its values (the server adds a storage code); the bounds reject readings no
 * living person or working sensor can produce, not merely abnormal ones (those raise alerts).
 */
export const DeviceEventKind = {
  sos: 'sos',
  fall: 'fall',
  battery: 'battery',
  wearing: 'wearing',
  bed: 'bed',
  space: 'space',
  air: 'air',
  diaper: 'diaper',
  location: 'location',
} as const;
export type DeviceEventKind = (typeof DeviceEventKind)[keyof typeof DeviceEventKind];

export type ReadingKind = PhysiologicalKind | DeviceEventKind;

const num = (min: number, max: number) => z.number().min(min).max(max);
const int = (min: number, max: number) => z.number().int().min(min).max(max);
const value = (min: number, max: number) => z.object({ value: num(min, max) }).strict();
const position = { lat: num(-90, 90).optional(), lng: num(-180, 180).optional() };

const sleepSegment = z
  .object({ type: int(0, 9), start_time: z.number().int(), end_time: z.number().int().nullable() })
  .strict();

/** Values of each kind, as sent by devices (snake_case like the SPEC §3 records). */
export const readingValueSchemas = {
  heartRate: z.object({ value: num(20, 250), resting: z.boolean().optional() }).strict(),
  bloodPressure: z
    .object({
      sys: num(50, 260),
      dia: num(30, 160),
      heart_rate: num(20, 250).optional(),
      afib: int(-1, 4).optional(),
      hand_part: int(-1, 1).optional(),
      spo2: num(50, 100).optional(),
    })
    .strict()
    .refine((v) => v.sys > v.dia, { message: 'systolic must exceed diastolic', path: ['sys'] }),
  bloodOxygen: value(50, 100),
  bodyTemperature: z
    .object({ value: num(30, 45), volt: num(0, 10).optional(), stat: int(0, 9).optional() })
    .strict(),
  bloodSugar: z.object({ value: num(10, 800), segment: int(0, 11) }).strict(),
  bloodGlucose: value(10, 800),
  ecg: z
    .object({
      /** SPEC §3 ECG status: abnormal 1, normal 2, unreadable 3. */
      status: int(1, 3),
      heart_rate: num(20, 250).optional(),
      /** Findings of an abnormal trace: afib, tachycardia, bradycardia, premature (rules/vitals.ts). */
      findings: z
        .array(z.enum(['afib', 'tachycardia', 'bradycardia', 'premature']))
        .max(4)
        .optional(),
      sample_rate: int(50, 1000).optional(),
      samples: z.array(num(-10, 10)).max(20_000).optional(),
    })
    .strict(),
  sleep: z
    .object({
      end_time: z.number().int(),
      detail_obj: z.array(sleepSegment).max(500),
      data: z
        .object({
          awake: num(0, 1440),
          light: num(0, 1440),
          deep: num(0, 1440),
          REM: num(0, 1440).nullable().optional(),
          napDuration: num(0, 1440).optional(),
        })
        .strict()
        .nullable(),
    })
    .strict(),
  activity: z
    .object({ value: int(0, 200_000), distance: num(0, 500_000).optional(), kcal: num(0, 20_000).optional() })
    .strict(),
  sports: z
    .object({ value: num(0, 20_000), minutes: num(0, 1440).optional(), sport: int(0, 99).optional() })
    .strict(),
  weight: value(1, 400),
  hrv: value(1, 1000),
  cholesterol: value(20, 1000),
  uricAcid: value(0.5, 25),
  urineOutput: value(0, 5000),
  drinkingWater: value(0, 5000),
  heartVessel: z.object({ value: num(0, 100), result: int(0, 3), vessel: z.boolean().optional() }).strict(),
  sos: z.object(position).strict(),
  fall: z.object(position).strict(),
  battery: z.object({ level: num(0, 100), volt: num(0, 10).optional() }).strict(),
  wearing: z.object({ worn: z.boolean() }).strict(),
  bed: z
    .object({
      /** 1 in bed, 0 out of bed, and how many minutes the member has been so. */
      status: int(0, 1),
      minutes: int(0, 7 * 1440),
      heart_rate: num(0, 250).optional(),
      breath_rate: num(0, 80).optional(),
      /** Seconds since the sensor last detected a breath, for sensors that report it. */
      apnea_seconds: int(0, 3600).optional(),
    })
    .strict(),
  space: z
    .object({
      presence: z.boolean(),
      minutes: int(0, 7 * 1440).optional(),
      fall: z.boolean().optional(),
      /** The person in the room signalled for help (the sensor's alert gesture): type 9. */
      alert: z.boolean().optional(),
    })
    .strict(),
  air: z
    .object({
      pm25: num(0, 1000).optional(),
      pm10: num(0, 2000).optional(),
      co2: num(0, 20_000).optional(),
      tvoc: num(0, 60).optional(),
      hcho: num(0, 10).optional(),
      co: num(0, 500).optional(),
      temperature: num(-20, 60).optional(),
      humidity: num(0, 100).optional(),
    })
    .strict(),
  diaper: z.object({ level: int(0, 2) }).strict(),
  /** A location watch's position fix, and how long its wearer has been still (the watch's motion sensor). */
  location: z
    .object({ lat: num(-90, 90), lng: num(-180, 180), still_minutes: int(0, 7 * 1440).optional() })
    .strict(),
} satisfies Record<ReadingKind, z.ZodType>;

export type ReadingValues = { [K in ReadingKind]: z.infer<(typeof readingValueSchemas)[K]> };
