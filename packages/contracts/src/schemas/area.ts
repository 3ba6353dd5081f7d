import { z } from 'zod';
import { optionalText, textField } from '../rules/text.ts';
import { auditFields, listQuery } from './envelope.ts';
import { Resource } from '../permissions/resources.ts';
import { resourceContract } from './resource.ts';

/** An area (floor, ward, wing) of an organisation; area-scoped roles see only their own. */
export const areaRow = z.object({
  id: z.number().int(),
  org_id: z.number().int(),
  org_name: z.string(),
  name: z.string(),
  remark: z.string().nullable(),
  enable: z.boolean(),
  ...auditFields,
});
export type AreaRow = z.infer<typeof areaRow>;

/** org_id is for operators; everyone else creates in their own organisation. */
export const areaCreate = z.strictObject({
  name: textField({ max: 100 }),
  org_id: z.number().int().min(1).optional(),
  remark: optionalText(500),
  enable: z.boolean().optional(),
});
export type AreaCreate = z.infer<typeof areaCreate>;

/** An area never changes organisation; PUT sends all of this, PATCH any part. */
export const areaUpdate = z.strictObject({
  name: textField({ max: 100 }),
  remark: optionalText(500),
});
export type AreaUpdate = z.infer<typeof areaUpdate>;

export const areaListQuery = listQuery(['id', 'name', 'created_at', 'updated_at']);

export const areaResource = resourceContract({
  path: Resource.area,
  row: areaRow,
  create: areaCreate,
  update: areaUpdate,
  listQuery: areaListQuery,
});

/** GET /area/pharmacy: the areas at the other end of medication delivery (docs/delivery.md). */
export const areaPharmacyListQuery = areaListQuery.pick({ page: true, per_page: true, name: true, org_id: true, order_by: true });
export const areaPharmacyResource = resourceContract({
  path: Resource.areaPharmacy,
  row: areaRow,
  listQuery: areaPharmacyListQuery,
});
