import { z } from 'zod';
import { AlertPriority } from '../enums/abnormal.ts';
import { AlertRouteCategory } from '../enums/alert-routing.ts';
import { operatorRoles, staffRoles } from '../enums/roles.ts';
import { optionalQueryInt, unixSeconds } from './envelope.ts';

const category = z.enum(Object.values(AlertRouteCategory) as [AlertRouteCategory, ...AlertRouteCategory[]], {
  error: 'validation.invalidOption',
});
const priority = z.enum(Object.values(AlertPriority) as [AlertPriority, ...AlertPriority[]], {
  error: 'validation.invalidOption',
});
/** A role of an organisation's own staff (the operator roles see every alert and are never routed). */
const staffRole = z.literal(
  staffRoles.filter((r) => !operatorRoles.has(r)),
  { error: 'validation.invalidOption' },
);

const unique = <T>(items: T[]) => new Set(items).size === items.length;

/** One routing rule (contracts `AlertRoutingRule`): a category's alerts of these priorities to these roles, in these areas. */
export const alertRoutingRule = z.strictObject({
  category,
  roles: z
    .array(staffRole)
    .min(1, { message: 'validation.required' })
    .max(18)
    .refine(unique, { message: 'validation.duplicate' }),
  priorities: z
    .array(priority)
    .min(1, { message: 'validation.required' })
    .max(3)
    .refine(unique, { message: 'validation.duplicate' }),
  /** Empty: every area of the organisation. */
  area_ids: z.array(z.number().int().min(1)).max(200).refine(unique, { message: 'validation.duplicate' }),
});

/** What one related organisation receives of this organisation's alerts (its relation must grant `abnormal`). */
export const alertRoutingRelation = z.strictObject({
  related_org_id: z.number().int().min(1),
  categories: z.array(category).max(4).refine(unique, { message: 'validation.duplicate' }),
});

/** PUT /abnormal/routing: the organisation's whole rule set, replacing the stored one. */
export const alertRoutingUpdate = z.strictObject({
  rules: z.array(alertRoutingRule).max(50),
  relations: z.array(alertRoutingRelation).max(100),
});
export type AlertRoutingUpdate = z.infer<typeof alertRoutingUpdate>;

/** GET/PUT /abnormal/routing: `org_id` chooses the organisation (operators only; others get their own). */
export const alertRoutingQuery = z.object({ org_id: optionalQueryInt });

export const alertRoutingRelationView = alertRoutingRelation.extend({
  related_org_name: z.string(),
  /** The care organisation has not named the categories: the defaults for this kind of organisation apply. */
  is_default: z.boolean(),
});

/** The rule set in force: the stored one, or the defaults (`is_default`) until an admin saves. */
export const alertRoutingView = z.object({
  org_id: z.number().int(),
  rules: z.array(alertRoutingRule),
  /** Enabled relations granting `abnormal`: who else receives this organisation's alerts. */
  relations: z.array(alertRoutingRelationView),
  is_default: z.boolean(),
  updated_at: unixSeconds.nullable(),
});
export type AlertRoutingView = z.infer<typeof alertRoutingView>;
