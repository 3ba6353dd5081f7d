import { z } from 'zod';
import { ControlledLevel, DosageForm, MedicationType } from '../../enums/care.ts';
import { optionalText, textField } from '../../rules/text.ts';
import { codeOf, enableFilter, id } from '../admin/common.ts';
import { auditFields, listQuery } from '../envelope.ts';
import { Resource } from '../../permissions/resources.ts';
import { resourceContract } from '../resource.ts';

/** The medicine catalogue of an organisation (`/medicine`; docs/care.md). */

export const dosageFormSchema = codeOf(DosageForm);
export const controlledLevelSchema = codeOf(ControlledLevel);
export const medicationTypeSchema = codeOf(MedicationType);

export const medicineRow = z.object({
  id: z.number().int(),
  org_id: z.number().int(),
  org_name: z.string(),
  name: z.string(),
  generic_name: z.string().nullable(),
  strength: z.string().nullable(),
  form: dosageFormSchema,
  /** The counted unit (tablet, sachet, mL) doses and balances are in. */
  unit: z.string(),
  medication_type: medicationTypeSchema,
  /** 0 not controlled; 1–4 Taiwan's schedules: witnessed doses and a running balance. */
  controlled_level: controlledLevelSchema,
  /** Late after 30 minutes instead of two hours (ISMP's time-critical medicines). */
  time_critical: z.boolean(),
  enable: z.boolean(),
  remark: z.string().nullable(),
  ...auditFields,
});
export type MedicineRow = z.infer<typeof medicineRow>;

const editable = {
  name: textField({ max: 100 }),
  generic_name: optionalText(100),
  strength: optionalText(50),
  form: dosageFormSchema,
  unit: textField({ max: 20 }),
  medication_type: medicationTypeSchema,
  controlled_level: controlledLevelSchema,
  time_critical: z.boolean(),
  enable: z.boolean().optional(),
  remark: optionalText(500),
};

/** POST /medicine; org_id is for operators. */
export const medicineCreate = z.strictObject({ org_id: id.optional(), ...editable });
export type MedicineCreate = z.infer<typeof medicineCreate>;

/** PUT/PATCH /medicine/{id}. */
export const medicineUpdate = z.strictObject(editable);
export type MedicineUpdate = z.infer<typeof medicineUpdate>;

/** name / keyword (name, generic name), type (medication type), class (controlled level), enable. */
export const medicineListQuery = listQuery(['id', 'name', 'created_at']).extend({ enable: enableFilter });
export type MedicineListQuery = z.infer<typeof medicineListQuery>;

export const medicineResource = resourceContract({
  path: Resource.medicine,
  row: medicineRow,
  create: medicineCreate,
  update: medicineUpdate,
  listQuery: medicineListQuery,
});
