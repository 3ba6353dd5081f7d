import { z } from 'zod';
import { FollowUpCompanion, FollowUpTransport } from '../../enums/care.ts';
import { Department } from '../../enums/department.ts';
import { optionalText, textField } from '../../rules/text.ts';
import { codeOf, id } from '../admin/common.ts';
import { auditFields, listQuery, unixSeconds } from '../envelope.ts';
import { careDate, careHandleRow, handleStateSchema, handleText, memberFields } from './common.ts';
import { Resource } from '../../permissions/resources.ts';
import { resourceContract } from '../resource.ts';
import { field } from '../field.ts';

/** Follow-up visits (`/care/follow-up`, page `reconsultation`; docs/care.md). */

export const departmentSchema = codeOf(Department);
export const followUpTransportSchema = codeOf(FollowUpTransport);
export const followUpCompanionSchema = codeOf(FollowUpCompanion);

export const careFollowUpRow = z.object({
  id: z.number().int(),
  ...memberFields,
  hospital: z.string(),
  department: departmentSchema,
  doctor: z.string().nullable(),
  appointment_at: unixSeconds,
  appointment_no: z.string().nullable(),
  reason: z.string(),
  transport: followUpTransportSchema,
  companion: followUpCompanionSchema,
  companion_name: z.string().nullable(),
  companion_phone: z.string().nullable(),
  bring_items: z.string().nullable(),
  /** What the doctor said, written after the visit. */
  result: z.string().nullable(),
  next_appointment_at: unixSeconds.nullable(),
  state: handleStateSchema,
  abnormal_id: z.number().int().nullable(),
  remark: z.string().nullable(),
  ...auditFields,
});
export type CareFollowUpRow = z.infer<typeof careFollowUpRow>;

export const careFollowUpDetail = careFollowUpRow.extend({ handles: z.array(careHandleRow) });
export type CareFollowUpDetail = z.infer<typeof careFollowUpDetail>;

const editable = {
  hospital: textField({ max: 100 }),
  department: departmentSchema,
  doctor: optionalText(50),
  appointment_at: careDate,
  appointment_no: optionalText(20),
  reason: textField({ max: 500 }),
  transport: followUpTransportSchema,
  companion: followUpCompanionSchema,
  companion_name: optionalText(50),
  companion_phone: field(optionalText(30), { label: { en: "Companion's phone", 'zh-TW': '陪同者電話' }, type: 'tel' }),
  bring_items: optionalText(200),
  result: optionalText(2000),
  next_appointment_at: careDate.nullable().optional(),
  remark: optionalText(500),
};

/** POST /care/follow-up. */
export const careFollowUpCreate = z.strictObject({ member_id: id, abnormal_id: id.nullable().optional(), ...editable });
export type CareFollowUpCreate = z.infer<typeof careFollowUpCreate>;

/** PUT/PATCH /care/follow-up/{id}. */
export const careFollowUpUpdate = z.strictObject(editable);
export type CareFollowUpUpdate = z.infer<typeof careFollowUpUpdate>;

/** user_id, area_id, state, type (department), start_date/end_date on appointment_at. */
export const careFollowUpListQuery = listQuery(['id', 'appointment_at', 'department', 'created_at']);
export type CareFollowUpListQuery = z.infer<typeof careFollowUpListQuery>;

export const careFollowUpResource = resourceContract({
  path: Resource.careFollowUp,
  row: careFollowUpRow,
  create: careFollowUpCreate,
  update: careFollowUpUpdate,
  listQuery: careFollowUpListQuery,
});

/** POST /handle/follow: the visit's outcome (also written to the record's result). */
export const handleFollowRequest = z.strictObject({
  record_id: id,
  next_appointment_at: careDate.nullable().optional(),
  ...handleText,
});
export type HandleFollowRequest = z.infer<typeof handleFollowRequest>;
