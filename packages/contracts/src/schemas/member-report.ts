import { z } from 'zod';
import { CHART_MAX_RANGE_DAYS } from '../rules/chart.ts';
import { Locale } from '../rules/constants.ts';
import { unixSeconds } from './envelope.ts';

/** The longest period one member report covers: the same three months a chart may span. */
export const MEMBER_REPORT_MAX_DAYS = CHART_MAX_RANGE_DAYS;
/** Rows listed per section; the section's totals still count every row of the period. */
export const MEMBER_REPORT_MAX_ROWS = 200;
/** Points of one vital chart: the period is cut into this many buckets, each drawn at its mean. */
export const MEMBER_REPORT_CHART_POINTS = 240;

const requiredDate = (field: string) =>
  z.coerce
    .number({ error: 'validation.invalidNumber' })
    .int({ message: 'validation.invalidNumber' })
    .min(0, { message: 'validation.invalidNumber' })
    .max(4_102_444_800, { message: 'validation.invalidNumber' })
    .describe(`${field}: unix seconds`);

/**
 * GET /user/report/{id} (PDF) and /user/report/{id}/data (the same sections as JSON, for the
 * printable page): a period of at most three months, in the language asked for.
 */
export const memberReportQuery = z
  .object({
    from: requiredDate('from'),
    to: requiredDate('to'),
    lang: z.enum([Locale.en, Locale.zhTW], { error: 'validation.invalidOption' }).default(Locale.en),
    /** The reader's offset from UTC in minutes (Taipei 480): times in the PDF are the reader's. */
    utc_offset: z.coerce
      .number({ error: 'validation.invalidNumber' })
      .int({ message: 'validation.invalidNumber' })
      .min(-720)
      .max(840)
      .default(480),
  })
  .refine((q) => q.from <= q.to, { message: 'report.fromAfterTo', path: ['from'] })
  .refine((q) => q.to - q.from <= MEMBER_REPORT_MAX_DAYS * 86_400, {
    message: 'report.rangeTooLong',
    path: ['to'],
  });
export type MemberReportQuery = z.infer<typeof memberReportQuery>;

/** One vital series over the period: every non-zero reading summarised, and the chart's bucket means. */
export const memberReportVital = z.object({
  /** Physiological kind; blood pressure appears twice, as `systolic` and `diastolic` series. */
  kind: z.string(),
  series: z.enum(['value', 'systolic', 'diastolic']),
  /** Unit code (`enum.unit.*`). */
  unit: z.string(),
  count: z.number().int(),
  min: z.number().nullable(),
  max: z.number().nullable(),
  mean: z.number().nullable(),
  /** Readings outside the member's standard; null where the kind has no standard. */
  out_of_standard: z.number().int().nullable(),
  standard: z.object({ min: z.number(), max: z.number() }).nullable(),
  /** [bucket start (unix seconds), mean] in time order. */
  points: z.array(z.tuple([z.number(), z.number()])),
});
export type MemberReportVital = z.infer<typeof memberReportVital>;

export const memberReportAlert = z.object({
  id: z.number().int(),
  type: z.number().int(),
  occur_time: unixSeconds,
  /** 'handled', 'recovered' (closed by a later normal reading) or 'open'. */
  status: z.enum(['handled', 'recovered', 'open']),
  handled_at: unixSeconds.nullable(),
  handled_by: z.string().nullable(),
  content: z.string().nullable(),
});

export const memberReportMedicine = z.object({
  name: z.string(),
  scheduled: z.number().int(),
  given: z.number().int(),
  /** Given more than MEDICATION_DELAY_ALERT_HOURS after the scheduled time. */
  late: z.number().int(),
  not_given: z.number().int(),
  /** Scheduled in the past with nothing recorded. */
  not_recorded: z.number().int(),
  /** As-needed doses given. */
  prn_given: z.number().int(),
});

/** A care or clinical record of the period, its kind a web page key (`educate`, `diet-manage`, …). */
export const memberReportRecord = z.object({
  kind: z.string(),
  id: z.number().int(),
  time: unixSeconds,
  title: z.string(),
});

export const memberReport = z.object({
  generated_at: unixSeconds,
  from: unixSeconds,
  to: unixSeconds,
  lang: z.enum([Locale.en, Locale.zhTW]),
  utc_offset: z.number().int(),
  member: z.object({
    id: z.number().int(),
    name: z.string(),
    gender: z.number().int().nullable(),
    birthday: z.string().nullable(),
    org_name: z.string(),
    area_name: z.string().nullable(),
    room: z.string().nullable(),
    bed: z.string().nullable(),
    medical_state: z.number().int(),
  }),
  /** The 13 standards in force for the member (own, else organisation, else SPEC §9), by StandardKind. */
  standards: z.array(
    z.object({ kind: z.number().int(), min: z.number(), max: z.number(), over_max: z.number().nullable() }),
  ),
  vitals: z.array(memberReportVital),
  alerts: z.object({
    total: z.number().int(),
    handled: z.number().int(),
    recovered: z.number().int(),
    open: z.number().int(),
    items: z.array(memberReportAlert),
  }),
  medication: z.object({
    scheduled: z.number().int(),
    given: z.number().int(),
    late: z.number().int(),
    not_given: z.number().int(),
    not_recorded: z.number().int(),
    prn_given: z.number().int(),
    medicines: z.array(memberReportMedicine),
  }),
  records: z.object({ counts: z.record(z.string(), z.number().int()), items: z.array(memberReportRecord) }),
});
export type MemberReport = z.infer<typeof memberReport>;
