import { z } from 'zod';
import { CareService, ScheduleRepeat } from '../../enums/care.ts';
import { ValidationMessage } from '../../rules/messages.ts';
import { optionalText, textField } from '../../rules/text.ts';
import { codeOf, id } from '../admin/common.ts';
import { auditFields, listQuery, unixSeconds } from '../envelope.ts';
import {
  careDate,
  careHandleRow,
  handleStateSchema,
  handleText,
  memberFields,
  minuteOfDay,
  weekdayList,
  wholeNumber,
} from './common.ts';
import { Resource } from '../../permissions/resources.ts';
import { resourceContract } from '../resource.ts';

/** Service schedules (`/care/schedule`, page `service-schedule`; docs/care.md). */

export const careServiceSchema = codeOf(CareService);
export const scheduleRepeatSchema = codeOf(ScheduleRepeat);

export const careScheduleRow = z.object({
  id: z.number().int(),
  ...memberFields,
  service: careServiceSchema,
  title: z.string(),
  /** Local days (unix seconds of the care home's midnight); end null = until stopped. */
  start_date: unixSeconds,
  end_date: unixSeconds.nullable(),
  time_of_day: z.number().int(),
  duration_minutes: z.number().int(),
  repeat: scheduleRepeatSchema,
  weekdays: z.array(z.number().int()),
  staff_id: z.number().int().nullable(),
  staff_name: z.string().nullable(),
  /** A stopped schedule keeps its handled occurrences and expands no more. */
  enable: z.boolean(),
  remark: z.string().nullable(),
  ...auditFields,
});
export type CareScheduleRow = z.infer<typeof careScheduleRow>;

/** One occurrence of a schedule with its handles. */
export const scheduleOccurrenceRow = z.object({
  id: z.number().int(),
  schedule_id: z.number().int(),
  due_at: unixSeconds,
  state: handleStateSchema,
  /** Set by the handle: false when the service was not done (the content says why). */
  done: z.boolean().nullable(),
  handles: z.array(careHandleRow),
});
export type ScheduleOccurrenceRow = z.infer<typeof scheduleOccurrenceRow>;

/** GET /care/schedule/{id}: the row with its occurrences of the last and next two weeks. */
export const careScheduleDetail = careScheduleRow.extend({ occurrences: z.array(scheduleOccurrenceRow) });
export type CareScheduleDetail = z.infer<typeof careScheduleDetail>;

const editable = {
  service: careServiceSchema,
  title: textField({ max: 100 }),
  start_date: careDate,
  end_date: careDate.nullable().optional(),
  time_of_day: minuteOfDay,
  duration_minutes: wholeNumber(5, 480),
  repeat: scheduleRepeatSchema,
  weekdays: weekdayList.optional(),
  /** A staff member of the organisation; null = whoever is on shift. */
  staff_id: id.nullable().optional(),
  enable: z.boolean().optional(),
  remark: optionalText(500),
};

type RuleFields = {
  repeat?: ScheduleRepeat;
  weekdays?: readonly number[] | undefined;
  start_date?: number;
  end_date?: number | null | undefined;
};

/**
 * A weekly schedule names at least one weekday, the others none; the end is not before the start.
 * Exported so the server runs it on an update merged with the stored row.
 */
export function checkScheduleRule(body: RuleFields, ctx: z.RefinementCtx): void {
  const days = body.weekdays ?? [];
  if (body.repeat === ScheduleRepeat.weekly && days.length === 0) {
    ctx.addIssue({ code: 'custom', path: ['weekdays'], message: ValidationMessage.required });
  }
  if (body.repeat !== undefined && body.repeat !== ScheduleRepeat.weekly && days.length > 0) {
    ctx.addIssue({ code: 'custom', path: ['weekdays'], message: ValidationMessage.invalidInput });
  }
  if (body.start_date !== undefined && body.end_date != null && body.end_date < body.start_date) {
    ctx.addIssue({ code: 'custom', path: ['end_date'], message: ValidationMessage.invalidInput });
  }
}

/** POST /care/schedule. */
export const careScheduleCreate = z.strictObject({ member_id: id, ...editable }).superRefine(checkScheduleRule);
export type CareScheduleCreate = z.infer<typeof careScheduleCreate>;

/** PUT/PATCH /care/schedule/{id}; the rule is checked again on the merged record by the server. */
export const careScheduleUpdate = z.strictObject(editable);
export type CareScheduleUpdate = z.infer<typeof careScheduleUpdate>;

/** user_id, area_id, type (service), start_date/end_date on the start date. */
export const careScheduleListQuery = listQuery(['id', 'start_date', 'time_of_day', 'service', 'created_at']);
export type CareScheduleListQuery = z.infer<typeof careScheduleListQuery>;

export const careScheduleResource = resourceContract({
  path: Resource.careSchedule,
  row: careScheduleRow,
  create: careScheduleCreate,
  update: careScheduleUpdate,
  listQuery: careScheduleListQuery,
});

/** POST /handle/schedule: one occurrence done, or not done with why (in the content). */
export const handleScheduleRequest = z.strictObject({ occurrence_id: id, done: z.boolean(), ...handleText });
export type HandleScheduleRequest = z.infer<typeof handleScheduleRequest>;
