import { z } from 'zod';
import { CareHandleKind, HandleState, Weekday } from '../../enums/care.ts';
import { ValidationMessage } from '../../rules/messages.ts';
import { optionalText, textField } from '../../rules/text.ts';
import { CARE_ATTACHMENT_LIMIT, MINUTES_PER_DAY } from '../../care/constants.ts';
import { codeOf } from '../admin/common.ts';
import { Resource } from '../../permissions/resources.ts';
import { listQueryBase, optionalQueryInt, unixSeconds } from '../envelope.ts';
import { resourceContract } from '../resource.ts';
import { attachments } from '../files.ts';

/** Shapes every care record of docs/care.md shares: its member, its handles, the due list. */

export const handleStateSchema = codeOf(HandleState);
export const weekdaySchema = codeOf(Weekday);

/** The latest date a care record may name (a bound, so a typo cannot plan a century ahead). */
const LATEST_DATE = 4_102_444_800; // 2100-01-01
export const careDate = unixSeconds.max(LATEST_DATE, { message: ValidationMessage.invalidInput });

/** A wall-clock time of the care home: minutes after local midnight. */
export const minuteOfDay = z
  .number({ error: ValidationMessage.invalidNumber })
  .int({ message: ValidationMessage.invalidNumber })
  .min(0, { message: ValidationMessage.invalidNumber })
  .max(MINUTES_PER_DAY - 1, { message: ValidationMessage.invalidNumber });

/** Distinct weekdays (0 Sunday … 6 Saturday). */
export const weekdayList = z
  .array(weekdaySchema)
  .max(7, { message: ValidationMessage.tooLong })
  .refine((days) => new Set(days).size === days.length, { message: ValidationMessage.invalidInput });

/** A bounded whole number with SPEC §5's number message. */
export function wholeNumber(min: number, max: number) {
  return z
    .number({ error: ValidationMessage.invalidNumber })
    .int({ message: ValidationMessage.invalidNumber })
    .min(min, { message: ValidationMessage.invalidNumber })
    .max(max, { message: ValidationMessage.invalidNumber });
}

/** A care record's attachments (SPEC §5 upload count). */
export const careAttachments = attachments(CARE_ATTACHMENT_LIMIT);

/** The member a record is about, as every care row shows it. */
export const memberFields = {
  org_id: z.number().int(),
  area_id: z.number().int().nullable(),
  area_name: z.string().nullable(),
  member_id: z.number().int(),
  member_name: z.string(),
};

/** SPEC's handle: state 0 → 1 with content, staff, time and remark; a record keeps them all. */
export const careHandleRow = z.object({
  id: z.number().int(),
  state: handleStateSchema,
  content: z.string(),
  staff_id: z.number().int(),
  staff_name: z.string(),
  handle_time: unixSeconds,
  remark: z.string().nullable(),
});
export type CareHandleRow = z.infer<typeof careHandleRow>;

/** The content and remark of every handle request. */
export const handleText = { content: textField({ max: 1000 }), remark: optionalText(500) };

export const careHandleKindSchema = z.enum(CareHandleKind, { error: ValidationMessage.invalidOption });

/**
 * One row of the shared handle page (GET /handle/health, /handle/follow, /handle/schedule,
 * /handle/package-medicine): an item due, whatever its kind.
 */
export const careDueRow = z.object({
  kind: careHandleKindSchema,
  /** What a handle names: the education or visit record, the schedule occurrence, the dose. */
  id: z.number().int(),
  /** The record it belongs to (the schedule, the package; the record itself otherwise). */
  record_id: z.number().int(),
  ...memberFields,
  /** What is due, in the record's words: the topic, the hospital, the service, the medicine and dose. */
  title: z.string(),
  due_at: unixSeconds,
  state: handleStateSchema,
  /** A dose past its late limit (two hours, 30 minutes if time-critical) and still not processed. */
  late: z.boolean(),
  last_handle: careHandleRow.nullable(),
  /** An ECG reading's status (abnormal 1, normal 2, unreadable 3); null for the other kinds. */
  status: z.number().int().nullable().optional(),
});
export type CareDueRow = z.infer<typeof careDueRow>;

/** The due list: by area, member, due date and state, oldest due first. */
export const careDueQuery = listQueryBase.extend({
  order_by: z.enum(['due_at', 'id']).default('due_at'),
  state: optionalQueryInt.refine((v) => v === undefined || v === 0 || v === 1, {
    message: ValidationMessage.invalidOption,
  }),
});
export type CareDueQuery = z.infer<typeof careDueQuery>;

/** GET /handle/{kind} (the care module's service routes): one due list per kind, the same row. */
const careDue = <P extends Resource>(path: P) => resourceContract({ path, row: careDueRow, listQuery: careDueQuery });
export const handleHealthResource = careDue(Resource.handleHealth);
export const handleFollowResource = careDue(Resource.handleFollow);
export const handleScheduleResource = careDue(Resource.handleSchedule);
export const handlePackageMedicineResource = careDue(Resource.handlePackageMedicine);
export const handleSymptomResource = careDue(Resource.handleSymptom);
export const handleDietResource = careDue(Resource.handleDiet);
export const handleEcgResource = careDue(Resource.handleEcg);
export const handleMedicalRecordResource = careDue(Resource.handleMedicalRecord);

/** The due list of each kind of item: the shared handle page reads and writes at its path. */
export const careDueResource = {
  [CareHandleKind.health]: handleHealthResource,
  [CareHandleKind.follow]: handleFollowResource,
  [CareHandleKind.schedule]: handleScheduleResource,
  [CareHandleKind.packageMedicine]: handlePackageMedicineResource,
  [CareHandleKind.symptom]: handleSymptomResource,
  [CareHandleKind.diet]: handleDietResource,
  [CareHandleKind.ecg]: handleEcgResource,
  [CareHandleKind.medicalRecord]: handleMedicalRecordResource,
} as const satisfies Record<CareHandleKind, { path: string }>;
