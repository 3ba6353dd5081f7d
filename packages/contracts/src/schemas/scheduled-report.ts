import { z } from 'zod';
import { Locale } from '../rules/constants.ts';
import { listQueryBase, unixSeconds } from './envelope.ts';

/**
 * Scheduled reports (issue 28 item 5, docs/reports.md "Scheduled reports"): what an organisation
 * has made for it on a calendar, mailed to its recipients and kept for download.
 * - `shift_summary`: daily, one per area: the area's alerts of the past local day per member.
 * - `member_weekly`: weekly (Monday to Sunday), one per member: the member report (PDF) of the week.
 * - `alert_burden`: monthly: the organisation's alerts of the past calendar month per member.
 */
export const scheduledReportKinds = ['shift_summary', 'member_weekly', 'alert_burden'] as const;
export const scheduledReportKind = z.enum(scheduledReportKinds, { error: 'validation.invalidOption' });
export type ScheduledReportKind = z.infer<typeof scheduledReportKind>;

/** The most recipients one schedule mails, and the longest a made report is kept. */
export const SCHEDULED_REPORT_MAX_RECIPIENTS = 20;
export const SCHEDULED_REPORT_KEEP_DAYS = { min: 1, default: 30, max: 366 } as const;

/** PUT /report-schedule/{kind} body: the schedule of one kind for the caller's organisation. */
export const reportScheduleUpdate = z
  .object({
    enabled: z.boolean(),
    /** Mailboxes the report is sent to; none keeps it for download only. */
    recipients: z
      .array(z.email({ error: 'validation.invalidInput' }).max(120, { error: 'validation.tooLong' }))
      .max(SCHEDULED_REPORT_MAX_RECIPIENTS, { error: 'validation.tooLong' }),
    lang: z.enum([Locale.en, Locale.zhTW], { error: 'validation.invalidOption' }),
    /** The local hour (0–23) after which the past period's report is made. */
    hour: z.number().int().min(0, { error: 'validation.invalidNumber' }).max(23, { error: 'validation.invalidNumber' }),
    /** The organisation's offset from UTC in minutes (Taipei 480): its days, weeks and months. */
    utc_offset: z.number().int().min(-840, { error: 'validation.invalidNumber' }).max(840, { error: 'validation.invalidNumber' }),
    /** Days a made report stays downloadable. */
    keep_days: z
      .number()
      .int()
      .min(SCHEDULED_REPORT_KEEP_DAYS.min, { error: 'validation.invalidNumber' })
      .max(SCHEDULED_REPORT_KEEP_DAYS.max, { error: 'validation.invalidNumber' }),
  })
  .strict();
export type ReportScheduleUpdate = z.infer<typeof reportScheduleUpdate>;

/** One schedule as GET /report-schedule answers it (a kind never saved answers its defaults, off). */
export const reportSchedule = reportScheduleUpdate.extend({
  kind: scheduledReportKind,
  /** Whether mail can be sent: the email channel is configured (SMTP). */
  mail_configured: z.boolean(),
  updated_at: unixSeconds.nullable(),
  updated_by_name: z.string().nullable(),
});
export type ReportSchedule = z.infer<typeof reportSchedule>;

export const reportScheduleKindParam = z.object({ kind: scheduledReportKind });

/** GET /report-schedule/report: the kept reports, newest first. */
export const keptReportQuery = listQueryBase.pick({ page: true, per_page: true }).extend({ kind: scheduledReportKind.optional() });
export type KeptReportQuery = z.infer<typeof keptReportQuery>;

/** One made report: what it covers, whom it was mailed to, until when it can be downloaded. */
export const keptReport = z.object({
  id: z.number().int(),
  kind: scheduledReportKind,
  /** The area (shift summary) or member (weekly report) it is about; null for the organisation. */
  subject_id: z.number().int().nullable(),
  subject_name: z.string().nullable(),
  period_start: unixSeconds,
  period_end: unixSeconds,
  filename: z.string(),
  size: z.number().int(),
  /** How many mails were sent; null while it is being made. */
  mailed: z.number().int().nullable(),
  status: z.enum(['making', 'ready', 'failed']),
  created_at: unixSeconds,
  expires_at: unixSeconds,
});
export type KeptReport = z.infer<typeof keptReport>;
