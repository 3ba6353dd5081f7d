import { z } from 'zod';
import { ValidationMessage } from '../rules/messages.ts';
import { optionalQueryDate, unixSeconds } from './envelope.ts';

/**
 * `GET /user/timeline/{id}` (docs/timeline.md): one member's events from every source in one
 * stream, newest first, paged by a cursor (keyset), never by page number: a page costs the same
 * however deep it is, and events arriving meanwhile never shift the next page.
 */
export const TimelineKind = {
  alertRaised: 'alert_raised',
  alertEscalated: 'alert_escalated',
  alertAcknowledged: 'alert_acknowledged',
  alertHandled: 'alert_handled',
  careRecord: 'care_record',
  careHandled: 'care_handled',
  dose: 'dose',
  doseLate: 'dose_late',
  delivery: 'delivery',
  medicalState: 'medical_state',
  memberChange: 'member_change',
  standardChange: 'standard_change',
  deviceBound: 'device_bound',
  deviceUnbound: 'device_unbound',
  handoverItem: 'handover_item',
  vitalSummary: 'vital_summary',
} as const;
export type TimelineKind = (typeof TimelineKind)[keyof typeof TimelineKind];
export const timelineKinds = Object.values(TimelineKind) as [TimelineKind, ...TimelineKind[]];
export const timelineKindSchema = z.enum(timelineKinds, { error: ValidationMessage.invalidOption });

/** Where a page continues: the last event's time (µs), source rank and row id, as `key` reports it. */
export const TIMELINE_CURSOR = /^\d{1,17}_\d{1,2}_\d{1,19}$/;
export const TIMELINE_DEFAULT_PER_PAGE = 20;
export const TIMELINE_MAX_PER_PAGE = 100;

export const timelineQuery = z
  .object({
    /** Comma-separated kinds (or repeated); absent means every kind. */
    kinds: z
      .union([z.string(), z.array(z.string())])
      .optional()
      .transform((v, ctx) => {
        if (v === undefined) return undefined;
        const parts = (Array.isArray(v) ? v : v.split(',')).map((s) => s.trim()).filter((s) => s !== '');
        const parsed = z.array(timelineKindSchema).safeParse(parts);
        if (!parsed.success) {
          ctx.addIssue({ code: 'custom', message: ValidationMessage.invalidOption });
          return z.NEVER;
        }
        return parsed.data.length ? [...new Set(parsed.data)] : undefined;
      }),
    start_date: optionalQueryDate,
    end_date: optionalQueryDate,
    /** The previous page's `next_cursor`; absent for the newest page. */
    cursor: z.string().regex(TIMELINE_CURSOR, { message: ValidationMessage.invalidOption }).optional(),
    per_page: z.coerce
      .number({ error: ValidationMessage.invalidNumber })
      .int({ message: ValidationMessage.invalidNumber })
      .min(1, { message: ValidationMessage.invalidNumber })
      .max(TIMELINE_MAX_PER_PAGE, { message: ValidationMessage.invalidNumber })
      .default(TIMELINE_DEFAULT_PER_PAGE),
  })
  .refine((q) => q.start_date === undefined || q.end_date === undefined || q.start_date <= q.end_date, {
    message: ValidationMessage.invalidInput,
    path: ['end_date'],
  });
export type TimelineQuery = z.infer<typeof timelineQuery>;

/** A vital_summary event: one reading kind over one local day. */
export const timelineVitalSummary = z.object({
  /** Reading kind code (0 heart rate, 1 blood pressure (systolic), 2 blood oxygen, 3 body temperature, …). */
  reading_kind: z.number().int(),
  /** Start of the local day (unix seconds). */
  day: unixSeconds,
  readings: z.number().int(),
  min: z.number().nullable(),
  max: z.number().nullable(),
  /** Rounded to one decimal (SPEC §9). */
  mean: z.number().nullable(),
  /** Readings outside the member's standard for the kind; null where the kind has no standard. */
  outside: z.number().int().nullable(),
});
export type TimelineVitalSummary = z.infer<typeof timelineVitalSummary>;

export const timelineEvent = z.object({
  /** Unique in the stream and the cursor that continues after this event. */
  key: z.string(),
  kind: timelineKindSchema,
  time: unixSeconds,
  /** The API resource of the record the event belongs to ('/abnormal', '/care/health', …) and its id. */
  resource: z.string(),
  ref_id: z.number().int(),
  /** A source's sub-kind: the care handle kind, the care record's resource name. */
  sub: z.string().nullable(),
  /** The source's own code: alert type, state, dose outcome, device type, member change status. */
  code: z.number().int().nullable(),
  /** A short text of the source: handling content, topic, diagnosis, device name. */
  text: z.string().nullable(),
  /** Who did it, where the source records it. */
  staff_name: z.string().nullable(),
  summary: timelineVitalSummary.nullable(),
});
export type TimelineEvent = z.infer<typeof timelineEvent>;

export const timelinePage = z.object({
  list: z.array(timelineEvent),
  /** The cursor of the next (older) page; null on the last one. */
  next_cursor: z.string().nullable(),
  /**
   * Why a page is empty: 'beyond_data' when the member has events but none in the asked range,
   * 'no_events' when the member has none of the asked kinds at all. Null when the page has events.
   */
  empty_reason: z.enum(['beyond_data', 'no_events']).nullable(),
});
export type TimelinePage = z.infer<typeof timelinePage>;
