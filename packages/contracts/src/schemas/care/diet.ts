import { z } from 'zod';
import { Meal } from '../../enums/care.ts';
import { Appetite, DietTexture, EatenPortion } from '../../enums/care-ii.ts';
import { optionalText, textField } from '../../rules/text.ts';
import { codeOf, id } from '../admin/common.ts';
import { auditFields, listQuery, unixSeconds } from '../envelope.ts';
import { careAttachments, careDate, handleStateSchema, handleText, memberFields, wholeNumber } from './common.ts';
import { Resource } from '../../permissions/resources.ts';
import { resourceContract } from '../resource.ts';

/** Diet (`/care/diet`, page `diet-manage`; docs/care.md "Care records II"). */

export const mealSchema = codeOf(Meal);
export const eatenPortionSchema = codeOf(EatenPortion);
export const appetiteSchema = codeOf(Appetite);
export const dietTextureSchema = codeOf(DietTexture);
/** Fluid taken with the meal, in mL (a day's need is about 1,500 mL; 2,000 in one meal is a typo). */
export const fluidMl = wholeNumber(0, 2000);

/**
 * A meal needs a follow-up (the handle: offered an alternative, told the dietitian) when half or
 * less was eaten or the appetite was poor; other meals are recorded as processed.
 */
export function dietNeedsFollowUp(body: { eaten: EatenPortion; appetite: Appetite }): boolean {
  return body.eaten <= EatenPortion.half || body.appetite === Appetite.poor;
}

export const careDietRow = z.object({
  id: z.number().int(),
  ...memberFields,
  meal: mealSchema,
  meal_at: unixSeconds,
  texture: dietTextureSchema,
  served: z.string(),
  eaten: eatenPortionSchema,
  fluid_ml: z.number().int(),
  appetite: appetiteSchema,
  photos: z.array(z.string()),
  remark: z.string().nullable(),
  state: handleStateSchema,
  ...auditFields,
});
export type CareDietRow = z.infer<typeof careDietRow>;

const editable = {
  meal: mealSchema,
  meal_at: careDate,
  texture: dietTextureSchema,
  /** What was served ("rice porridge, steamed fish, greens"). */
  served: textField({ max: 200 }),
  eaten: eatenPortionSchema,
  fluid_ml: fluidMl,
  appetite: appetiteSchema,
  photos: careAttachments.optional(),
  remark: optionalText(500),
};

export const careDietCreate = z.strictObject({ member_id: id, ...editable });
export type CareDietCreate = z.infer<typeof careDietCreate>;
export const careDietUpdate = z.strictObject(editable);
export type CareDietUpdate = z.infer<typeof careDietUpdate>;
/** user_id, area_id, type (meal), state, start_date/end_date on meal_at. */
export const careDietListQuery = listQuery(['id', 'meal_at', 'meal', 'eaten', 'created_at']);

export const careDietResource = resourceContract({
  path: Resource.careDiet,
  row: careDietRow,
  create: careDietCreate,
  update: careDietUpdate,
  listQuery: careDietListQuery,
});

/** POST /handle/diet: what was done about a poorly eaten meal. */
export const handleDietRequest = z.strictObject({ record_id: id, ...handleText });
export type HandleDietRequest = z.infer<typeof handleDietRequest>;
