import { and, eq, sql, type SQL } from 'drizzle-orm';
import { OrgType, areaPharmacyResource } from '@vigil/contracts';
import { areas, orgs } from '../../../db/schema/index.ts';
import type { Principal } from '../../../auth/principal.ts';
import { isOperator } from '../../../auth/scope.ts';
import { defineResource } from '../../../resources/define.ts';
import { areaJoins, areaWire } from '../area/routes.ts';

/** The area belongs to an organisation at the other end of an enabled relation with the delivery grant. */
function ofDeliveryPartner(p: Principal, orgId: number | undefined): SQL {
  const delivery = sql`r.enabled and r.grants @> '["delivery"]'::jsonb`;
  if (p.orgType === OrgType.pharmacy) {
    return sql`${areas.orgId} in (select r.org_id from org_relations r where r.related_org_id = ${p.orgId} and ${delivery})`;
  }
  const careOrg = isOperator(p) ? (orgId ?? p.orgId) : p.orgId;
  return sql`${areas.orgId} in (select r.related_org_id from org_relations r where r.org_id = ${careOrg} and ${delivery})`;
}

/**
 * GET /area/pharmacy: the two ends of medication delivery (docs/delivery.md). For a care
 * organisation, the enabled areas of the pharmacies an enabled relation with the delivery grant
 * links to it — where an order can be sent; for a pharmacy, the enabled areas of the care
 * organisations it serves that way — where its orders come from. Operators name the care
 * organisation with org_id. Rows are /area's.
 */
export const areaPharmacyRoutes = defineResource({
  resource: areaPharmacyResource,
  tag: 'area',
  table: areas,
  wire: areaWire,
  joins: areaJoins,
  restrict: (p, q) =>
    and(
      ofDeliveryPartner(p, q.org_id),
      eq(orgs.type, p.orgType === OrgType.pharmacy ? OrgType.care : OrgType.pharmacy),
      eq(orgs.enabled, true),
      eq(areas.enabled, true),
    ),
  search: { name: areas.name },
  operations: ['list'],
});
