import { z } from 'zod';
import { OrgType } from '../../enums/roles.ts';
import { labelKeys } from '../../enums/label-key.ts';
import { ValidationMessage } from '../../rules/messages.ts';
import { optionalText, textField } from '../../rules/text.ts';
import { auditFields, listQuery } from '../envelope.ts';
import { codeOf, enableFilter, id, optionalPhone } from './common.ts';
import { Resource } from '../../permissions/resources.ts';
import { resourceContract } from '../resource.ts';

export const orgTypeSchema = codeOf(OrgType);

/** GET /org row; the detail (GET /org/{id}) is the same shape. */
export const orgRow = z.object({
  id: z.number().int(),
  name: z.string(),
  type: orgTypeSchema,
  /** A security company: a care-type organisation whose staff hold the guard roles 14–16. */
  is_guard: z.boolean(),
  enable: z.boolean(),
  phone: z.string().nullable(),
  address: z.string().nullable(),
  /** Minutes an abnormal event may stay unhandled before it is escalated. */
  escalation_minutes: z.number().int(),
  /** Its admin roles must sign in with a second factor (docs/security.md); the operator level always must. */
  require_second_factor: z.boolean(),
  ...auditFields,
});
export type OrgRow = z.infer<typeof orgRow>;
export const orgDetail = orgRow;
export type OrgDetail = OrgRow;

const escalationMinutes = z.number().int().min(1).max(1440);

/** POST /org (operators only). is_guard only makes sense for a care organisation (type 1). */
export const orgCreate = z
  .strictObject({
    name: textField({ max: 100 }),
    type: orgTypeSchema,
    is_guard: z.boolean().optional(),
    phone: optionalPhone,
    address: optionalText(200),
    escalation_minutes: escalationMinutes.optional(),
    require_second_factor: z.boolean().optional(),
    enable: z.boolean().optional(),
  })
  .refine((v) => !v.is_guard || v.type === OrgType.care, { path: ['is_guard'], message: ValidationMessage.invalidOption });
export type OrgCreate = z.infer<typeof orgCreate>;

/** PUT/PATCH /org/{id}. Type and is_guard are fixed once staff hold roles of them. */
export const orgUpdate = z.strictObject({
  name: textField({ max: 100 }),
  phone: optionalPhone,
  address: optionalText(200),
  escalation_minutes: escalationMinutes.optional(),
  require_second_factor: z.boolean().optional(),
});
export type OrgUpdate = z.infer<typeof orgUpdate>;

/** Filters: name, keyword (name, phone, address), type, enable. */
export const orgListQuery = listQuery(['id', 'name', 'type', 'created_at', 'updated_at']).extend({ enable: enableFilter });
export type OrgListQuery = z.infer<typeof orgListQuery>;

export const orgResource = resourceContract({
  path: Resource.org,
  row: orgRow,
  create: orgCreate,
  update: orgUpdate,
  listQuery: orgListQuery,
});

/** What a relation grants the serving organisation over the care organisation's data. */
export const OrgGrant = { members: 'members', abnormal: 'abnormal', delivery: 'delivery' } as const;
export type OrgGrant = (typeof OrgGrant)[keyof typeof OrgGrant];
export const orgGrantLabelKey = labelKeys('orgGrant', OrgGrant);
export const orgGrants = Object.values(OrgGrant) as OrgGrant[];

/** GET /org/relation row (also the detail): a care organisation served by another organisation. */
export const orgRelationRow = z.object({
  id: z.number().int(),
  org_id: z.number().int(),
  org_name: z.string(),
  related_org_id: z.number().int(),
  related_org_name: z.string(),
  related_org_type: orgTypeSchema,
  related_is_guard: z.boolean(),
  grants: z.array(z.enum(OrgGrant)),
  enable: z.boolean(),
  ...auditFields,
});
export type OrgRelationRow = z.infer<typeof orgRelationRow>;
export const orgRelationDetail = orgRelationRow;

const grantList = z
  .array(z.enum(OrgGrant, { error: ValidationMessage.invalidOption }))
  .min(1, { message: ValidationMessage.required })
  .refine((v) => new Set(v).size === v.length, { message: ValidationMessage.invalidOption });

/**
 * POST /org/relation. org_id (the care organisation) defaults to the caller's; the related
 * organisation must be a pharmacy, hospital, clinic or security company, never the org itself.
 */
export const orgRelationCreate = z.strictObject({
  org_id: id.optional(),
  related_org_id: id,
  grants: grantList,
  enable: z.boolean().optional(),
});
export type OrgRelationCreate = z.infer<typeof orgRelationCreate>;

/** PUT/PATCH /org/relation/{id}: the pair is fixed, the grants change. */
export const orgRelationUpdate = z.strictObject({ grants: grantList });
export type OrgRelationUpdate = z.infer<typeof orgRelationUpdate>;

/** Filters: org_id (care organisation), type (related organisation type), keyword (related name), enable. */
export const orgRelationListQuery = listQuery(['id', 'created_at', 'updated_at']).extend({ enable: enableFilter });
export type OrgRelationListQuery = z.infer<typeof orgRelationListQuery>;

export const orgRelationResource = resourceContract({
  path: Resource.orgRelation,
  row: orgRelationRow,
  create: orgRelationCreate,
  update: orgRelationUpdate,
  listQuery: orgRelationListQuery,
});
