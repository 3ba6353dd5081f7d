import { z } from 'zod';
import { PhysiologicalKind } from '@vigil/contracts';

/**
 * What a device may send: the 17 physiological kinds of SPEC §1 plus device events. Each kind has
 * a storage code (`readings.kind`) and a zod schema of its values; the bounds reject readings no
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

/** Storage codes: physiological kinds 0–16 in SPEC §1 order, device events from 100. */
export const readingKindCode: Record<ReadingKind, number> = {
  heartRate: 0,
  bloodPressure: 1,
  bloodOxygen: 2,
  bodyTemperature: 3,
  bloodSugar: 4,
  bloodGlucose: 5,
  ecg: 6,
  sleep: 7,
  activity: 8,
  sports: 9,
  weight: 10,
  hrv: 11,
  cholesterol: 12,
  uricAcid: 13,
  urineOutput: 14,
  drinkingWater: 15,
  heartVessel: 16,
  sos: 100,
  fall: 101,
  battery: 102,
  wearing: 103,
  bed: 104,
  space: 105,
  air: 106,
  diaper: 107,
  location: 108,
};
export const readingKinds = Object.keys(readingKindCode) as ReadingKind[];

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

/** The longest night a sleep record may span. */
export const MAX_SLEEP_SECONDS = 24 * 3600;

/**
 * What the shapes cannot check of a sleep record: it ends after it starts, within 24 h, and each
 * stage segment lies inside the record (an open segment ends with it). Null when it is sound.
 */
export function sleepRecordProblem(occurTime: number, values: ReadingValues['sleep']): string | null {
  const end = values.end_time;
  if (end <= occurTime || end - occurTime > MAX_SLEEP_SECONDS) return 'values.end_time must follow occur_time within 24 h';
  for (const [i, segment] of values.detail_obj.entries()) {
    if (segment.start_time < occurTime || segment.start_time > end)
      return `values.detail_obj.${i}.start_time must lie between occur_time and end_time`;
    if (segment.end_time !== null && (segment.end_time < segment.start_time || segment.end_time > end))
      return `values.detail_obj.${i}.end_time must lie between its start_time and the record's end_time`;
  }
  return null;
}

/** How a reading's values map onto the narrow `readings` row: value, value2 and data. */
export function toColumns(
  kind: ReadingKind,
  v: Record<string, unknown>,
): { value: number | null; value2: number | null; data: Record<string, unknown> | null } {
  switch (kind) {
    case 'bloodPressure': {
      const { sys, dia, ...rest } = v as ReadingValues['bloodPressure'];
      return { value: sys, value2: dia, data: Object.keys(rest).length ? rest : null };
    }
    case 'sleep': {
      const s = v as ReadingValues['sleep'];
      const total = s.data ? s.data.light + s.data.deep + (s.data.REM ?? 0) : null;
      return { value: total, value2: null, data: s };
    }
    case 'ecg': {
      const e = v as ReadingValues['ecg'];
      return { value: e.heart_rate ?? null, value2: e.status, data: e };
    }
    default: {
      // Everything but `value` goes to data; a loop instead of a rest spread (this runs per reading).
      let rest: Record<string, unknown> | null = null;
      for (const key in v) if (key !== 'value' && Object.hasOwn(v, key)) (rest ??= {})[key] = v[key];
      return { value: (v.value as number | undefined) ?? null, value2: null, data: rest };
    }
  }
}
