import { z } from 'zod';
import { optionalText } from '../rules/text.ts';
import { CHART_COLUMNS, CHART_GAP_MS, CHART_MAX_RANGE_DAYS } from '../rules/chart.ts';
import { INT4_MAX, auditFields, listQuery, optionalQueryDate, optionalQueryIntList, unixSeconds } from './envelope.ts';

/**
 * SPEC §3 physiological records as the /physiologic/* resources return them. `type` is the data
 * source (equipment) code; every row carries the audit fields; a detail adds `user_id`.
 */
const base = {
  id: z.number().int(),
  user_name: z.string(),
  occur_time: unixSeconds,
  type: z.number().int(),
  remark: z.string().nullable(),
  ...auditFields,
};

/** Blood oxygen, heart rate and the other single-value kinds (weight, HRV, cholesterol, …). */
export const valueRecord = z.object({ ...base, value: z.number() });
export type ValueRecord = z.infer<typeof valueRecord>;

/** SPEC: blood oxygen (percent). */
export const bloodOxygenRecord = valueRecord;
/** SPEC: heart rate (bpm); the full shape beyond value and occur_time is Vigil's. */
export const heartRateRecord = valueRecord;

/** SPEC: blood pressure; pulse pressure = sys - dia is left to the client. */
export const bloodPressureRecord = z.object({
  ...base,
  sys: z.number(),
  dia: z.number(),
  data: z
    .object({
      heart_rate: z.number().optional(),
      afib: z.number().int().optional(),
      hand_part: z.number().int().optional(),
      spo2: z.number().optional(),
    })
    .nullable(),
});
export type BloodPressureRecord = z.infer<typeof bloodPressureRecord>;

/** SPEC: body temperature (°C) with the patch's battery voltage and wearing state. */
export const bodyTemperatureRecord = z.object({
  ...base,
  value: z.number(),
  data: z.object({ volt: z.number().optional(), stat: z.number().int().optional() }).nullable(),
});
export type BodyTemperatureRecord = z.infer<typeof bodyTemperatureRecord>;

/** Blood sugar carries its meal segment (SPEC §3 segment 0–11). */
export const bloodSugarRecord = z.object({
  ...base,
  value: z.number(),
  data: z.object({ segment: z.number().int() }).nullable(),
});
export type BloodSugarRecord = z.infer<typeof bloodSugarRecord>;

/** Any other kind: the value and its kind-specific extras (steps' distance, heart-vessel result…). */
export const genericRecord = z.object({
  ...base,
  value: z.number().nullable(),
  data: z.record(z.string(), z.union([z.number(), z.string(), z.boolean(), z.null()])).nullable(),
});
export type GenericRecord = z.infer<typeof genericRecord>;

/** ECG: SPEC status (abnormal 1, normal 2, unreadable 3); the trace itself only in the detail. */
export const ecgRecord = z.object({
  ...base,
  status: z.number().int(),
  heart_rate: z.number().nullable(),
  findings: z.array(z.string()),
});
export type EcgRecord = z.infer<typeof ecgRecord>;
export const ecgDetail = ecgRecord.extend({
  user_id: z.number().int(),
  sample_rate: z.number().int().nullable(),
  samples: z.array(z.number()),
});

/** SPEC: sleep stage segment; an open segment (end_time null) ends at the record's end. */
export const sleepSegment = z.object({
  type: z.number().int(),
  start_time: unixSeconds,
  end_time: unixSeconds.nullable(),
});
export type SleepSegment = z.infer<typeof sleepSegment>;

/** SPEC: sleep summary in minutes. */
export const sleepSummary = z.object({
  awake: z.number(),
  light: z.number(),
  deep: z.number(),
  REM: z.number().nullable().optional(),
  napDuration: z.number().optional(),
});
export type SleepSummary = z.infer<typeof sleepSummary>;

export const sleepRecord = z.object({
  id: z.number().int(),
  user_name: z.string(),
  type: z.number().int(),
  start_time: unixSeconds,
  end_time: unixSeconds,
  detail_obj: z.array(sleepSegment),
  data: sleepSummary.nullable(),
  remark: z.string().nullable(),
  ...auditFields,
});
export type SleepRecord = z.infer<typeof sleepRecord>;

/** A detail is its list row plus the member's id. */
export const withUserId = <T extends z.ZodObject>(row: T) => row.extend({ user_id: z.number().int() });

/** SPEC §7 reading list query: user_id, types, start_date, end_date, order by occur_time. */
export const physiologicListQuery = listQuery(['id', 'occur_time']);
export type PhysiologicListQuery = z.infer<typeof physiologicListQuery>;
/** Sleep lists order by start_time (SPEC §7). */
export const sleepListQuery = listQuery(['id', 'start_time']);
export type SleepListQuery = z.infer<typeof sleepListQuery>;

/** PATCH /physiologic/*\/{id}: only the remark is editable; a reading itself is what a device measured. */
export const physiologicUpdateRequest = z.strictObject({ remark: optionalText(500) });
export type PhysiologicUpdateRequest = z.infer<typeof physiologicUpdateRequest>;

/**
 * GET /physiologic/{kind}/chart for the one-value kinds (`physiologicalKindMeta[kind].chart`):
 * a range with SPEC §9's rules applied by the server (zero = missing, same time merged, leading
 * missing dropped, a break after `gap_seconds`) and then decimated to `width` pixel columns, each
 * keeping its lowest and highest reading, so no spike disappears (docs/charts.md).
 */
export const physiologicChartQuery = z
  .object({
    user_id: z.coerce.number().int().min(1).max(INT4_MAX),
    types: optionalQueryIntList,
    start_date: optionalQueryDate,
    end_date: optionalQueryDate,
    width: z.coerce.number().int().min(10).max(4000).default(CHART_COLUMNS),
    gap_seconds: z.coerce
      .number()
      .int()
      .min(1)
      .max(86_400)
      .default(CHART_GAP_MS / 1000),
  })
  .refine((q) => q.start_date === undefined || q.end_date === undefined || q.start_date <= q.end_date, {
    message: 'start_date must not be after end_date',
    path: ['start_date'],
  })
  .refine(
    (q) => q.start_date === undefined || q.end_date === undefined || q.end_date - q.start_date <= CHART_MAX_RANGE_DAYS * 86_400,
    { message: `a chart covers at most ${CHART_MAX_RANGE_DAYS} days`, path: ['end_date'] },
  );
export type PhysiologicChartQuery = z.infer<typeof physiologicChartQuery>;

/** A chart point; `value` null is a break in the line (a gap longer than the rule, or a missing reading). */
export const chartPoint = z.object({ occur_time: z.number().int(), value: z.number().nullable() });
export type ChartPoint = z.infer<typeof chartPoint>;
/** SPEC §2 summary of every reading in the range (not of the decimated points). */
export const chartSummary = z.object({
  average: z.number().nullable(),
  highest: z.number().nullable(),
  lowest: z.number().nullable(),
});
export const physiologicChart = z.object({
  list: z.array(chartPoint),
  /** Seconds covered by one pixel column. */
  bucket_seconds: z.number(),
  /** Readings in the range before decimation. */
  total: z.number().int(),
  summary: chartSummary,
});
export type PhysiologicChart = z.infer<typeof physiologicChart>;
