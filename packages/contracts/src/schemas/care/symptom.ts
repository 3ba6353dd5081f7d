import { z } from 'zod';
import { BodyMainPart, BodySmallPart, OrganPosition, bodySmallPartMain } from '../../enums/body.ts';
import { PainType } from '../../enums/care.ts';
import { BodyView, PainTool, SymptomFinding, WoundCategory, pressureInjuryCategories } from '../../enums/care-ii.ts';
import { ValidationMessage } from '../../rules/messages.ts';
import { PAIN_ALERT_ABOVE } from '../../rules/standards.ts';
import { optionalText } from '../../rules/text.ts';
import { SYMPTOM_SITES_MAX } from '../../care/constants.ts';
import { codeOf, id } from '../admin/common.ts';
import { auditFields, listQuery, unixSeconds } from '../envelope.ts';
import { careAttachments, careDate, handleStateSchema, handleText, memberFields, wholeNumber } from './common.ts';
import { Resource } from '../../permissions/resources.ts';
import { resourceContract } from '../resource.ts';

/** Symptom care on a body map (`/care/symptom`, page `symptom-manage`; docs/care.md "Care records II"). */

export const bodyViewSchema = codeOf(BodyView);
export const bodyMainPartSchema = codeOf(BodyMainPart);
export const bodySmallPartSchema = codeOf(BodySmallPart);
export const organPositionSchema = codeOf(OrganPosition);
export const symptomFindingSchema = codeOf(SymptomFinding);
export const painTypeSchema = codeOf(PainType);
export const painToolSchema = codeOf(PainTool);
export const woundCategorySchema = codeOf(WoundCategory);
const zeroToTwo = wholeNumber(0, 2);
export const painIntensity = wholeNumber(0, 10);

/** One marked site: where (main part, small part or organ position, on the front or back) and what. */
export const symptomSite = z.strictObject({
  view: bodyViewSchema,
  main_part: bodyMainPartSchema,
  small_part: bodySmallPartSchema.nullable().default(null),
  organ_position: organPositionSchema.nullable().default(null),
  finding: symptomFindingSchema,
  /** Pain only (SPEC §3 pain type). */
  pain_type: painTypeSchema.nullable().default(null),
  /** Pain only, 0–10 on the numeric scale; null when the member was assessed with PAINAD. */
  intensity: painIntensity.nullable().default(null),
  /** Wounds and pressure injuries only. */
  category: woundCategorySchema.nullable().default(null),
  /** The site the member says hurts most (one per assessment with pain). */
  worst: z.boolean().default(false),
});
export type SymptomSite = z.output<typeof symptomSite>;

/** PAINAD's five observed items, 0–2 each; the score is their sum (0–10). */
export const painadItems = z.strictObject({
  breathing: zeroToTwo,
  vocalization: zeroToTwo,
  facial: zeroToTwo,
  body_language: zeroToTwo,
  consolability: zeroToTwo,
});
export type PainadItems = z.infer<typeof painadItems>;

export const careSymptomRow = z.object({
  id: z.number().int(),
  ...memberFields,
  assessed_at: unixSeconds,
  tool: painToolSchema,
  painad: painadItems.nullable(),
  sites: z.array(symptomSite),
  /** The assessment's pain score: the worst site's intensity, or the PAINAD total; null without pain. */
  score: z.number().int().nullable(),
  onset_at: unixSeconds.nullable(),
  notes: z.string().nullable(),
  photos: z.array(z.string()),
  /** A score above 3 asks for a reassessment (the handle) within the hour. */
  reassess_at: unixSeconds.nullable(),
  state: handleStateSchema,
  /** The pain alert this assessment raised. */
  abnormal_id: z.number().int().nullable(),
  assessor_id: z.number().int().nullable(),
  assessor_name: z.string().nullable(),
  ...auditFields,
});
export type CareSymptomRow = z.infer<typeof careSymptomRow>;

type Assessment = { tool?: PainTool; painad?: PainadItems | null; sites?: z.input<typeof symptomSite>[] };

/** The pain score of an assessment (null when nothing hurts): PAINAD's total, else the worst site. */
export function symptomScore(body: { tool: PainTool; painad?: PainadItems | null; sites: Pick<SymptomSite, 'finding' | 'intensity' | 'worst'>[] }): number | null {
  const pain = body.sites.filter((s) => s.finding === SymptomFinding.pain);
  if (body.tool === PainTool.painad) {
    const p = body.painad;
    return p ? p.breathing + p.vocalization + p.facial + p.body_language + p.consolability : null;
  }
  if (!pain.length) return null;
  const worst = pain.find((s) => s.worst) ?? pain[0];
  return Math.max(worst.intensity ?? 0, ...pain.map((s) => s.intensity ?? 0));
}

/** SPEC §9: the pain alert is for a score above 3. */
export const painAlerts = (score: number | null) => score !== null && score > PAIN_ALERT_ABOVE;

/**
 * An assessment must hold together: each small part inside its main part; pain sites with a pain
 * type and (numeric scale) an intensity; wounds with a category (a pressure injury with an NPIAP
 * stage); one worst site when anything hurts; PAINAD with its five items.
 */
export function checkSymptom(body: Assessment, ctx: z.RefinementCtx): void {
  const sites = body.sites ?? [];
  const issue = (path: (string | number)[], message: string) => ctx.addIssue({ code: 'custom', path, message });
  sites.forEach((s, i) => {
    if (s.small_part != null && bodySmallPartMain(s.small_part) !== s.main_part) issue(['sites', i, 'small_part'], ValidationMessage.invalidOption);
    if (s.finding === SymptomFinding.pain) {
      if (s.pain_type == null) issue(['sites', i, 'pain_type'], ValidationMessage.required);
      if (body.tool === PainTool.numeric && s.intensity == null) issue(['sites', i, 'intensity'], ValidationMessage.required);
      if (s.category != null) issue(['sites', i, 'category'], ValidationMessage.invalidInput);
    } else {
      if (s.category == null) issue(['sites', i, 'category'], ValidationMessage.required);
      else if ((s.finding === SymptomFinding.pressureInjury) !== pressureInjuryCategories.includes(s.category)) {
        issue(['sites', i, 'category'], ValidationMessage.invalidOption);
      }
    }
  });
  const pain = sites.filter((s) => s.finding === SymptomFinding.pain);
  const worst = sites.filter((s) => s.worst);
  if (worst.length > 1 || (pain.length > 0 && worst.length !== 1) || worst.some((s) => s.finding !== SymptomFinding.pain)) {
    issue(['sites'], ValidationMessage.invalidInput);
  }
  if (body.tool === PainTool.painad && !body.painad) issue(['painad'], ValidationMessage.required);
  if (body.tool === PainTool.numeric && body.painad) issue(['painad'], ValidationMessage.invalidInput);
}

const sites = z
  .array(symptomSite)
  .min(1, { message: ValidationMessage.required })
  .max(SYMPTOM_SITES_MAX, { message: ValidationMessage.tooLong });

const editable = {
  assessed_at: careDate,
  tool: painToolSchema,
  painad: painadItems.nullable().optional(),
  sites,
  onset_at: careDate.nullable().optional(),
  notes: optionalText(1000),
  photos: careAttachments.optional(),
};

/** POST /care/symptom. */
export const careSymptomCreate = z.strictObject({ member_id: id, ...editable }).superRefine(checkSymptom);
export type CareSymptomCreate = z.infer<typeof careSymptomCreate>;
export type CareSymptomCreateInput = z.input<typeof careSymptomCreate>;

/** PUT/PATCH /care/symptom/{id}: the sites, tool and PAINAD items are checked together on the merged record. */
export const careSymptomUpdate = z.strictObject(editable);
export type CareSymptomUpdate = z.infer<typeof careSymptomUpdate>;

/** user_id, area_id, state, start_date/end_date on assessed_at. */
export const careSymptomListQuery = listQuery(['id', 'assessed_at', 'score', 'created_at']);
export type CareSymptomListQuery = z.infer<typeof careSymptomListQuery>;

export const careSymptomResource = resourceContract({
  path: Resource.careSymptom,
  row: careSymptomRow,
  create: careSymptomCreate,
  update: careSymptomUpdate,
  listQuery: careSymptomListQuery,
});

/** POST /handle/symptiom: the reassessment, with the pain score it found. */
export const handleSymptomRequest = z.strictObject({ record_id: id, score: painIntensity, ...handleText });
export type HandleSymptomRequest = z.infer<typeof handleSymptomRequest>;
