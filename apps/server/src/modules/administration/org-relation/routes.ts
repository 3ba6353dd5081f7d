import { eq, ilike } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { OrgType, orgRelationResource } from '@vigil/contracts';
import type { Tx } from '../../../db/client.ts';
import { orgRelations, orgs } from '../../../db/schema/index.ts';
import { invalid } from '../../../http/errors.ts';
import { defineResource } from '../../../resources/define.ts';
import { containsPattern } from '../../../resources/rows.ts';

const related = alias(orgs, 'related_orgs');

/** Organisation types that serve a care organisation; a security company is a care org flagged is_guard. */
const servingTypes = new Set<number>([OrgType.pharmacy, OrgType.hospital, OrgType.clinic]);

/**
 * A relation links a care organisation (type 1, not a security company) to one that serves it: a
 * pharmacy, hospital, clinic or security company. Anything else, or a self-link, is -5; the
 * unique (org, related org) index turns a second link of the same pair into -6.
 */
async function checkPair(tx: Tx, orgId: number, relatedOrgId: number): Promise<void> {
  if (orgId === relatedOrgId) throw invalid([{ field: 'related_org_id', message: 'validation.invalidOption' }], 'An organisation cannot be related to itself');
  const [care] = await tx.select({ type: orgs.type, isGuard: orgs.isGuard }).from(orgs).where(eq(orgs.id, orgId));
  const [serving] = await tx.select({ type: orgs.type, isGuard: orgs.isGuard }).from(orgs).where(eq(orgs.id, relatedOrgId));
  if (!care || care.type !== OrgType.care || care.isGuard) {
    throw invalid([{ field: 'org_id', message: 'validation.invalidOption' }], 'Only a care organisation can be served');
  }
  if (!serving || !(servingTypes.has(serving.type) || (serving.type === OrgType.care && serving.isGuard))) {
    throw invalid([{ field: 'related_org_id', message: 'validation.invalidOption' }], 'Related organisation must be a pharmacy, hospital, clinic or security company');
  }
}

/** /org/relation: which organisations serve a care organisation, and what each may reach (grants). */
export const orgRelationRoutes = defineResource({
  resource: orgRelationResource,
  tag: 'org',
  table: orgRelations,
  wire: {
    org_name: orgs.name,
    related_org_name: related.name,
    related_org_type: related.type,
    related_is_guard: related.isGuard,
    enable: orgRelations.enabled,
  },
  joins: [
    { table: orgs, on: eq(orgs.id, orgRelations.orgId) },
    { table: related, on: eq(related.id, orgRelations.relatedOrgId) },
  ],
  scope: { org: orgRelations.orgId },
  placeArea: false,
  place: (body) => ({ orgId: body.org_id }),
  toInsert: (body, placement) => ({
    orgId: placement.orgId,
    relatedOrgId: body.related_org_id,
    grants: body.grants,
    enabled: body.enable ?? true,
  }),
  toUpdate: (body) => ({ ...(body.grants !== undefined && { grants: body.grants }) }),
  filters: {
    type: (v) => eq(related.type, v),
    // SPEC §3 upper_id: the relations an upper organisation grants.
    upper_id: (v) => eq(orgRelations.orgId, v),
    enable: (v) => eq(orgRelations.enabled, v === 1),
    keyword: (v) => ilike(related.name, containsPattern(v)),
  },
  enable: 'enabled',
  beforeWrite: async ({ tx, action, values }) => {
    if (action === 'create') await checkPair(tx, values.orgId!, values.relatedOrgId!);
  },
});
