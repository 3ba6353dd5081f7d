import { z } from 'zod';
import { Organ, OrganPosition, organPositionOrgan } from '../../enums/body.ts';
import { StethoscopeMode } from '../../enums/care.ts';
import { ValidationMessage } from '../../rules/messages.ts';
import { optionalText } from '../../rules/text.ts';
import { storedFileName } from '../files.ts';
import { codeOf, id } from '../admin/common.ts';
import { auditFields, listQuery, unixSeconds } from '../envelope.ts';
import { careDate, memberFields } from './common.ts';
import { Resource } from '../../permissions/resources.ts';
import { resourceContract } from '../resource.ts';

/** Digital stethoscope recordings (`/care/stethoscope`, page `stethoscope`; docs/care.md "Care records II"). */

export const stethoscopeModeSchema = codeOf(StethoscopeMode);
export const organSchema = codeOf(Organ);
export const auscultationPositionSchema = codeOf(OrganPosition);

export const careStethoscopeRow = z.object({
  id: z.number().int(),
  ...memberFields,
  recorded_at: unixSeconds,
  mode: stethoscopeModeSchema,
  organ: organSchema,
  position: auscultationPositionSchema,
  /** The stored recording (wav, mp3 or m4a), served at /file/stethoscope/{audio}?record_id=. */
  audio: z.string(),
  findings: z.string().nullable(),
  recorder_id: z.number().int().nullable(),
  recorder_name: z.string().nullable(),
  ...auditFields,
});
export type CareStethoscopeRow = z.infer<typeof careStethoscopeRow>;

/** The position must be one of the organ's auscultation points. */
export function checkAuscultation(body: { organ?: Organ; position?: OrganPosition }, ctx: z.RefinementCtx): void {
  if (body.organ !== undefined && body.position !== undefined && organPositionOrgan(body.position) !== body.organ) {
    ctx.addIssue({ code: 'custom', path: ['position'], message: ValidationMessage.invalidOption });
  }
}

const editable = {
  recorded_at: careDate,
  mode: stethoscopeModeSchema,
  organ: organSchema,
  position: auscultationPositionSchema,
  audio: storedFileName,
  findings: optionalText(1000),
};

export const careStethoscopeCreate = z.strictObject({ member_id: id, ...editable }).superRefine(checkAuscultation);
export type CareStethoscopeCreate = z.infer<typeof careStethoscopeCreate>;
export const careStethoscopeUpdate = z.strictObject(editable);
export type CareStethoscopeUpdate = z.infer<typeof careStethoscopeUpdate>;
/** user_id, area_id, type (mode), class (organ), start_date/end_date on recorded_at. */
export const careStethoscopeListQuery = listQuery(['id', 'recorded_at', 'created_at']);

export const careStethoscopeResource = resourceContract({
  path: Resource.careStethoscope,
  row: careStethoscopeRow,
  create: careStethoscopeCreate,
  update: careStethoscopeUpdate,
  listQuery: careStethoscopeListQuery,
});
