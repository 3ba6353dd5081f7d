import { z } from 'zod';
import { EducateMethod, EducateRecipient, EducateType, EducateUnderstanding } from '../../enums/care.ts';
import { optionalText, textField } from '../../rules/text.ts';
import { codeOf, id } from '../admin/common.ts';
import { auditFields, listQuery, unixSeconds } from '../envelope.ts';
import { careAttachments, careDate, careHandleRow, handleStateSchema, handleText, memberFields } from './common.ts';
import { Resource } from '../../permissions/resources.ts';
import { resourceContract } from '../resource.ts';

/** Health education (`/care/health`, page `educate`; docs/care.md). */

export const educateTypeSchema = codeOf(EducateType);
export const educateRecipientSchema = codeOf(EducateRecipient);
export const educateMethodSchema = codeOf(EducateMethod);
export const educateUnderstandingSchema = codeOf(EducateUnderstanding);

export const careHealthRow = z.object({
  id: z.number().int(),
  ...memberFields,
  type: educateTypeSchema,
  educate_at: unixSeconds,
  topic: z.string(),
  content: z.string(),
  recipient: educateRecipientSchema,
  method: educateMethodSchema,
  understanding: educateUnderstandingSchema,
  educator_id: z.number().int(),
  educator_name: z.string(),
  /** When the teach-back is due: the handle records it. */
  review_at: unixSeconds,
  state: handleStateSchema,
  /** The alert this teaching answered (from the alert dialog). */
  abnormal_id: z.number().int().nullable(),
  attachments: z.array(z.string()),
  remark: z.string().nullable(),
  ...auditFields,
});
export type CareHealthRow = z.infer<typeof careHealthRow>;

/** GET /care/health/{id}: the row with its handles, oldest first. */
export const careHealthDetail = careHealthRow.extend({ handles: z.array(careHandleRow) });
export type CareHealthDetail = z.infer<typeof careHealthDetail>;

const editable = {
  type: educateTypeSchema,
  educate_at: careDate,
  topic: textField({ max: 100 }),
  content: textField({ max: 2000 }),
  recipient: educateRecipientSchema,
  method: educateMethodSchema,
  understanding: educateUnderstandingSchema,
  /** A staff member of the record's organisation (the form offers the signed-in one first). */
  educator_id: id,
  /** Defaults to a day after the teaching. */
  review_at: careDate.optional(),
  attachments: careAttachments.optional(),
  remark: optionalText(500),
};

/** POST /care/health. */
export const careHealthCreate = z.strictObject({
  member_id: id,
  abnormal_id: id.nullable().optional(),
  ...editable,
  /** Absent: the caller, who is then the one teaching (docs/care.md). */
  educator_id: id.optional(),
});
export type CareHealthCreate = z.infer<typeof careHealthCreate>;

/** PUT/PATCH /care/health/{id}: the member and the alert stay. */
export const careHealthUpdate = z.strictObject(editable);
export type CareHealthUpdate = z.infer<typeof careHealthUpdate>;

/** user_id (member), area_id, type, state, start_date/end_date on educate_at, keyword on topic and content. */
export const careHealthListQuery = listQuery(['id', 'educate_at', 'review_at', 'type', 'created_at']);
export type CareHealthListQuery = z.infer<typeof careHealthListQuery>;

export const careHealthResource = resourceContract({
  path: Resource.careHealth,
  row: careHealthRow,
  create: careHealthCreate,
  update: careHealthUpdate,
  listQuery: careHealthListQuery,
});

/** POST /handle/health: the teach-back, with the understanding it showed. */
export const handleHealthRequest = z.strictObject({
  record_id: id,
  understanding: educateUnderstandingSchema,
  ...handleText,
});
export type HandleHealthRequest = z.infer<typeof handleHealthRequest>;
