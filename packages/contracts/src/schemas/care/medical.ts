import { z } from 'zod';
import { ConsultationPeriod, OutpatientType } from '../../enums/care.ts';
import { OpdStatus } from '../../enums/care-ii.ts';
import { ValidationMessage } from '../../rules/messages.ts';
import { optionalText, textField } from '../../rules/text.ts';
import { codeOf, id } from '../admin/common.ts';
import { auditFields, listQuery, unixSeconds } from '../envelope.ts';
import { careAttachments, careDate, handleStateSchema, handleText, memberFields } from './common.ts';
import { departmentSchema } from './follow-up.ts';
import { Resource } from '../../permissions/resources.ts';
import { resourceContract } from '../resource.ts';

/** Medical records (`/medical/records`) and outpatient visits (`/opd`); docs/care.md "Care records II". */

export const medicalRecordRow = z.object({
  id: z.number().int(),
  ...memberFields,
  diagnosis: z.string(),
  /** ICD-10-CM code as Taiwan's NHI uses it ("I10", "E11.9"); optional. */
  icd_code: z.string().nullable(),
  hospital: z.string(),
  department: departmentSchema,
  doctor: z.string().nullable(),
  diagnosed_at: unixSeconds,
  /** When the condition resolved or the stay ended; null while current. */
  ended_at: unixSeconds.nullable(),
  medications: z.string().nullable(),
  attachments: z.array(z.string()),
  remark: z.string().nullable(),
  /** Reviewed by the care home (the handle: the medications reconciled with the member's packages). */
  state: handleStateSchema,
  ...auditFields,
});
export type MedicalRecordRow = z.infer<typeof medicalRecordRow>;

const icd = z
  .string()
  .max(10, { message: ValidationMessage.tooLong })
  .regex(/^([A-Z][0-9][0-9A-Z](\.[0-9A-Z]{1,4})?)?$/, { message: ValidationMessage.invalidInput })
  .nullable()
  .optional();

const medicalEditable = {
  diagnosis: textField({ max: 200 }),
  icd_code: icd,
  hospital: textField({ max: 100 }),
  department: departmentSchema,
  doctor: optionalText(50),
  diagnosed_at: careDate,
  ended_at: careDate.nullable().optional(),
  medications: optionalText(1000),
  attachments: careAttachments.optional(),
  remark: optionalText(500),
};
const endNotBeforeStart = (b: { diagnosed_at?: number; ended_at?: number | null }, ctx: z.RefinementCtx) => {
  if (b.diagnosed_at !== undefined && b.ended_at != null && b.ended_at < b.diagnosed_at) {
    ctx.addIssue({ code: 'custom', path: ['ended_at'], message: ValidationMessage.invalidInput });
  }
};
export const medicalRecordCreate = z.strictObject({ member_id: id, ...medicalEditable }).superRefine(endNotBeforeStart);
export type MedicalRecordCreate = z.infer<typeof medicalRecordCreate>;
export const medicalRecordUpdate = z.strictObject(medicalEditable);
export type MedicalRecordUpdate = z.infer<typeof medicalRecordUpdate>;
/** user_id, area_id, state, start_date/end_date on diagnosed_at, keyword on diagnosis, hospital and doctor. */
export const medicalRecordListQuery = listQuery(['id', 'diagnosed_at', 'created_at']);

export const medicalRecordResource = resourceContract({
  path: Resource.medicalRecords,
  row: medicalRecordRow,
  create: medicalRecordCreate,
  update: medicalRecordUpdate,
  listQuery: medicalRecordListQuery,
});

/** POST /handle/medical-record: the record reviewed (its medications reconciled). */
export const handleMedicalRecordRequest = z.strictObject({ record_id: id, ...handleText });
export type HandleMedicalRecordRequest = z.infer<typeof handleMedicalRecordRequest>;

export const outpatientTypeSchema = codeOf(OutpatientType);
export const consultationPeriodSchema = codeOf(ConsultationPeriod);
export const opdStatusSchema = codeOf(OpdStatus);

export const opdRow = z.object({
  id: z.number().int(),
  ...memberFields,
  type: outpatientTypeSchema,
  period: consultationPeriodSchema,
  department: departmentSchema,
  doctor: z.string(),
  visit_date: unixSeconds,
  /** The clinic's queue number. */
  number: z.number().int().nullable(),
  status: opdStatusSchema,
  notes: z.string().nullable(),
  ...auditFields,
});
export type OpdRow = z.infer<typeof opdRow>;

const opdEditable = {
  type: outpatientTypeSchema,
  period: consultationPeriodSchema,
  department: departmentSchema,
  doctor: textField({ max: 50 }),
  visit_date: careDate,
  number: z.number().int({ message: ValidationMessage.invalidNumber }).min(1, { message: ValidationMessage.invalidNumber }).max(999, { message: ValidationMessage.invalidNumber }).nullable().optional(),
  status: opdStatusSchema.optional(),
  notes: optionalText(1000),
};
export const opdCreate = z.strictObject({ member_id: id, ...opdEditable });
export type OpdCreate = z.infer<typeof opdCreate>;
export const opdUpdate = z.strictObject(opdEditable);
export type OpdUpdate = z.infer<typeof opdUpdate>;
/** user_id, area_id, type, class (period), state (status), start_date/end_date on visit_date, keyword on doctor. */
export const opdListQuery = listQuery(['id', 'visit_date', 'period', 'status', 'created_at']);

export const opdResource = resourceContract({
  path: Resource.opd,
  row: opdRow,
  create: opdCreate,
  update: opdUpdate,
  listQuery: opdListQuery,
});

/** POST /handle/ecg: a reading of an ECG handled (read by a nurse or doctor), with attachments (a 12-lead print). */
export const handleEcgRequest = z.strictObject({ record_id: z.number().int().min(1), attachments: careAttachments.optional(), ...handleText });
export type HandleEcgRequest = z.infer<typeof handleEcgRequest>;
