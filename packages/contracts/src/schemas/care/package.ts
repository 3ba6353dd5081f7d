import { z } from 'zod';
import {
  BalanceMovementKind,
  DoseNotGivenReason,
  DoseOutcome,
  MedicationRoute,
  PrescriptionType,
  PrnEffect,
} from '../../enums/care.ts';
import { MedicationFrequency } from '../../enums/medication-frequency.ts';
import { ValidationMessage } from '../../rules/messages.ts';
import { optionalText, textField } from '../../rules/text.ts';
import { DAILY_TIMES_MAX, CARE_ATTACHMENT_LIMIT } from '../../care/constants.ts';
import { frequencyNeeds } from '../../care/occurrences.ts';
import { codeOf, id } from '../admin/common.ts';
import { auditFields, listQuery, unixSeconds } from '../envelope.ts';
import { attachments } from '../files.ts';
import { careDate, careHandleRow, handleStateSchema, handleText, memberFields, minuteOfDay, weekdayList, wholeNumber } from './common.ts';
import { controlledLevelSchema, medicationTypeSchema } from './medicine.ts';
import { Resource } from '../../permissions/resources.ts';
import { resourceContract } from '../resource.ts';

/** Medication packages and their doses (`/care/package`, `/handle/package-medicine`; docs/care.md). */

export const prescriptionTypeSchema = codeOf(PrescriptionType);
export const medicationFrequencySchema = codeOf(MedicationFrequency);
export const medicationRouteSchema = codeOf(MedicationRoute);
export const doseOutcomeSchema = codeOf(DoseOutcome);
export const doseNotGivenReasonSchema = codeOf(DoseNotGivenReason);
export const prnEffectSchema = codeOf(PrnEffect);
export const balanceMovementKindSchema = codeOf(BalanceMovementKind);

export const PACKAGE_DOSE_MIN = 0.25;
export const PACKAGE_DOSE_MAX = 100;
export const STOCK_QUANTITY_MAX = 9999;

/** An amount of medicine in its unit: quarters allowed (a half or quarter tablet). */
export const doseAmount = z
  .number({ error: ValidationMessage.invalidNumber })
  .min(PACKAGE_DOSE_MIN, { message: ValidationMessage.invalidNumber })
  .max(PACKAGE_DOSE_MAX, { message: ValidationMessage.invalidNumber })
  .refine((v) => Number.isInteger(v * 4), { message: ValidationMessage.invalidNumber });

export const carePackageRow = z.object({
  id: z.number().int(),
  ...memberFields,
  medicine_id: z.number().int(),
  medicine_name: z.string(),
  unit: z.string(),
  controlled_level: controlledLevelSchema,
  medication_type: medicationTypeSchema,
  prescription_type: prescriptionTypeSchema,
  frequency: medicationFrequencySchema,
  dose: z.number(),
  route: medicationRouteSchema,
  /** Minutes after the care home's midnight, ascending. */
  daily_times: z.array(z.number().int()),
  weekdays: z.array(z.number().int()),
  start_date: unixSeconds,
  end_date: unixSeconds.nullable(),
  time_critical: z.boolean(),
  prn_min_interval_minutes: z.number().int().nullable(),
  prn_max_per_24h: z.number().int().nullable(),
  prn_indication: z.string().nullable(),
  /** A related pharmacy, or the name of an outside one. */
  pharmacy_org_id: z.number().int().nullable(),
  pharmacy_org_name: z.string().nullable(),
  pharmacy_name: z.string().nullable(),
  prescriber: z.string().nullable(),
  hospital: z.string().nullable(),
  photos: z.array(z.string()),
  /** The member's running balance of a controlled medicine; null when not controlled. */
  balance: z.number().nullable(),
  enable: z.boolean(),
  remark: z.string().nullable(),
  ...auditFields,
});
export type CarePackageRow = z.infer<typeof carePackageRow>;

/** A handle of a dose: SPEC's handle with what FHIR MedicationAdministration records. */
export const doseHandleRow = careHandleRow.extend({
  outcome: doseOutcomeSchema,
  reason: doseNotGivenReasonSchema.nullable(),
  reason_text: z.string().nullable(),
  given_at: unixSeconds.nullable(),
  amount: z.number().nullable(),
  witness_name: z.string().nullable(),
  /** Why a PRN limit was overridden. */
  override_reason: z.string().nullable(),
  effect_due_at: unixSeconds.nullable(),
  effect: prnEffectSchema.nullable(),
  effect_at: unixSeconds.nullable(),
  /** FHIR entered-in-error: kept, marked, and no longer counted. */
  entered_in_error: z.boolean(),
  error_reason: z.string().nullable(),
  error_by_name: z.string().nullable(),
  error_at: unixSeconds.nullable(),
  /** A symptom reassessment's pain score (Care records II); null for the other kinds. */
  score: z.number().int().nullable().default(null),
  /** Files the handle carries (an ECG's 12-lead print, served at /file/ecg). */
  attachments: z.array(z.string()).default([]),
});
export type DoseHandleRow = z.infer<typeof doseHandleRow>;

/** One dose of a package: scheduled (with its time) or as-needed (PRN, no time). */
export const packageDoseRow = z.object({
  id: z.number().int(),
  package_id: z.number().int(),
  scheduled_at: unixSeconds.nullable(),
  state: handleStateSchema,
  late: z.boolean(),
  handles: z.array(doseHandleRow),
});
export type PackageDoseRow = z.infer<typeof packageDoseRow>;

/** A movement of a controlled-medicine balance, with the balance after it. */
export const balanceLedgerRow = z.object({
  id: z.number().int(),
  kind: balanceMovementKindSchema,
  delta: z.number(),
  balance: z.number(),
  staff_name: z.string(),
  witness_name: z.string().nullable(),
  remark: z.string().nullable(),
  created_at: unixSeconds,
});
export type BalanceLedgerRow = z.infer<typeof balanceLedgerRow>;

/** GET /care/package/{id}: the row, its doses of the last and next day, and the balance ledger. */
export const carePackageDetail = carePackageRow.extend({
  doses: z.array(packageDoseRow),
  ledger: z.array(balanceLedgerRow),
});
export type CarePackageDetail = z.infer<typeof carePackageDetail>;

const dailyTimes = z
  .array(minuteOfDay)
  .max(DAILY_TIMES_MAX, { message: ValidationMessage.tooLong })
  .refine((t) => t.every((v, i) => i === 0 || v > t[i - 1]!), { message: ValidationMessage.invalidInput });

const editable = {
  medicine_id: id,
  medication_type: medicationTypeSchema,
  prescription_type: prescriptionTypeSchema,
  frequency: medicationFrequencySchema,
  dose: doseAmount,
  route: medicationRouteSchema,
  daily_times: dailyTimes,
  weekdays: weekdayList.optional(),
  start_date: careDate,
  end_date: careDate.nullable().optional(),
  /** Defaults to the medicine's flag. */
  time_critical: z.boolean().optional(),
  prn_min_interval_minutes: wholeNumber(15, 2880).nullable().optional(),
  prn_max_per_24h: wholeNumber(1, 24).nullable().optional(),
  prn_indication: optionalText(200),
  pharmacy_org_id: id.nullable().optional(),
  pharmacy_name: optionalText(100),
  prescriber: optionalText(50),
  hospital: optionalText(100),
  photos: attachments(CARE_ATTACHMENT_LIMIT).optional(),
  enable: z.boolean().optional(),
  remark: optionalText(500),
};

type Regimen = {
  frequency?: MedicationFrequency;
  daily_times?: readonly number[];
  weekdays?: readonly number[] | undefined;
  start_date?: number;
  end_date?: number | null | undefined;
  prn_min_interval_minutes?: number | null | undefined;
  prn_max_per_24h?: number | null | undefined;
};

/**
 * The regimen must make sense as a whole: as many daily times and weekdays as the frequency needs
 * (QD one time, TID three, BIW two weekdays, PRN none), the PRN limits exactly when PRN, the end
 * not before the start. Exported so the server runs it on an update merged with the stored row.
 */
export function checkRegimen(body: Regimen, ctx: z.RefinementCtx): void {
  if (body.frequency !== undefined) {
    const needs = frequencyNeeds(body.frequency);
    const times = body.daily_times?.length ?? 0;
    if (times < needs.times[0] || times > needs.times[1]) {
      ctx.addIssue({
        code: 'custom',
        path: ['daily_times'],
        message: needs.times[1] === 0 ? ValidationMessage.invalidInput : ValidationMessage.required,
      });
    }
    if ((body.weekdays?.length ?? 0) !== needs.weekdays) {
      ctx.addIssue({ code: 'custom', path: ['weekdays'], message: ValidationMessage.invalidInput });
    }
    const prn = body.frequency === MedicationFrequency.prn;
    for (const field of ['prn_min_interval_minutes', 'prn_max_per_24h'] as const) {
      const given = body[field] !== undefined && body[field] !== null;
      if (prn !== given) {
        ctx.addIssue({ code: 'custom', path: [field], message: prn ? ValidationMessage.required : ValidationMessage.invalidInput });
      }
    }
  }
  if (body.start_date !== undefined && body.end_date != null && body.end_date < body.start_date) {
    ctx.addIssue({ code: 'custom', path: ['end_date'], message: ValidationMessage.invalidInput });
  }
}

/** POST /care/package. */
export const carePackageCreate = z.strictObject({ member_id: id, ...editable }).superRefine(checkRegimen);
export type CarePackageCreate = z.infer<typeof carePackageCreate>;

/** PUT/PATCH /care/package/{id}; the regimen is checked again on the merged record by the server. */
export const carePackageUpdate = z.strictObject(editable);
export type CarePackageUpdate = z.infer<typeof carePackageUpdate>;

/** user_id, area_id, type (medication type), class (prescription type), start_date/end_date, enable. */
export const carePackageListQuery = listQuery(['id', 'start_date', 'frequency', 'created_at']);
export type CarePackageListQuery = z.infer<typeof carePackageListQuery>;

export const carePackageResource = resourceContract({
  path: Resource.carePackage,
  row: carePackageRow,
  create: carePackageCreate,
  update: carePackageUpdate,
  listQuery: carePackageListQuery,
});

/**
 * POST /handle/package-medicine: a scheduled dose (`dose_id`) or an as-needed one (`package_id`),
 * given or not given with a coded reason. A controlled medicine's witness signs in the same form.
 */
export const handlePackageMedicineRequest = z
  .strictObject({
    dose_id: id.optional(),
    package_id: id.optional(),
    outcome: doseOutcomeSchema,
    reason: doseNotGivenReasonSchema.nullable().optional(),
    reason_text: optionalText(200),
    /** When it was given; now when absent. */
    given_at: careDate.optional(),
    /** What was given; the package dose when absent. */
    amount: doseAmount.optional(),
    /** A PRN dose beyond its interval or daily maximum is given only with a reason. */
    override_reason: optionalText(200),
    witness_account: z.string().max(20, { message: ValidationMessage.invalidInput }).optional(),
    witness_password: z.string().max(100, { message: ValidationMessage.invalidInput }).optional(),
    ...handleText,
  })
  .superRefine((body, ctx) => {
    if ((body.dose_id === undefined) === (body.package_id === undefined)) {
      ctx.addIssue({ code: 'custom', path: ['dose_id'], message: ValidationMessage.required });
    }
    const notGiven = body.outcome === DoseOutcome.notGiven;
    if (notGiven && (body.reason === undefined || body.reason === null)) {
      ctx.addIssue({ code: 'custom', path: ['reason'], message: ValidationMessage.required });
    }
    if (!notGiven && body.reason !== undefined && body.reason !== null) {
      ctx.addIssue({ code: 'custom', path: ['reason'], message: ValidationMessage.invalidInput });
    }
    if (notGiven && body.reason === DoseNotGivenReason.other && !body.reason_text?.trim()) {
      ctx.addIssue({ code: 'custom', path: ['reason_text'], message: ValidationMessage.required });
    }
    if (notGiven && body.package_id !== undefined) {
      // An as-needed dose not needed is simply not recorded.
      ctx.addIssue({ code: 'custom', path: ['outcome'], message: ValidationMessage.invalidInput });
    }
  });
export type HandlePackageMedicineRequest = z.infer<typeof handlePackageMedicineRequest>;

/** PATCH /handle/package-medicine/error/{handle id}: FHIR entered-in-error, with why. */
export const doseEnteredInErrorRequest = z.strictObject({ error_reason: textField({ max: 200 }) });
export type DoseEnteredInErrorRequest = z.infer<typeof doseEnteredInErrorRequest>;

/** PATCH /handle/package-medicine/effect/{handle id}: the PRN dose's effect, an hour after. */
export const doseEffectRequest = z.strictObject({ effect: prnEffectSchema, remark: optionalText(500) });
export type DoseEffectRequest = z.infer<typeof doseEffectRequest>;

/** POST /care/package/stock/{id}: controlled medicine received (or wasted, witnessed) for the member. */
export const packageStockRequest = z.strictObject({
  kind: z.union([z.literal(BalanceMovementKind.receipt), z.literal(BalanceMovementKind.wasted)], {
    error: ValidationMessage.invalidOption,
  }),
  quantity: z
    .number({ error: ValidationMessage.invalidNumber })
    .min(PACKAGE_DOSE_MIN, { message: ValidationMessage.invalidNumber })
    .max(STOCK_QUANTITY_MAX, { message: ValidationMessage.invalidNumber })
    .refine((v) => Number.isInteger(v * 4), { message: ValidationMessage.invalidNumber }),
  witness_account: z.string().max(20, { message: ValidationMessage.invalidInput }),
  witness_password: z.string().max(100, { message: ValidationMessage.invalidInput }),
  remark: optionalText(500),
});
export type PackageStockRequest = z.infer<typeof packageStockRequest>;
