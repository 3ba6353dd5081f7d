import { eq } from 'drizzle-orm';
import type { Organization } from '@medplum/fhirtypes';
import { OrgType, INT4_MAX } from '@vigil/contracts';
import { orgs } from '../../db/schema/index.ts';
import { defineList } from '../../resources/list.ts';
import { VigilSystem } from './codes.ts';
import { epoch, fhirListQuery, updatedFilters, type FhirKind } from './kind.ts';
import { instant } from './time.ts';

export type OrganizationRow = {
  id: number;
  name: string;
  type: number;
  enabled: boolean;
  phone: string | null;
  address: string | null;
  updatedAt: number;
};

/** An organisation's staff see their own organisation; the operator level sees every one (as GET /org). */
const organizationList = defineList({
  table: orgs,
  wire: {
    id: orgs.id,
    name: orgs.name,
    type: orgs.type,
    enabled: orgs.enabled,
    phone: orgs.phone,
    address: orgs.address,
    updatedAt: epoch(orgs.updatedAt),
  },
  listQuery: fhirListQuery,
  scope: { org: orgs.id },
  filters: { record_id: (v: number) => eq(orgs.id, v), ...updatedFilters(orgs.updatedAt) },
  orderColumns: { date: orgs.updatedAt },
});

const typeName = new Map<number, string>(Object.entries(OrgType).map(([name, code]) => [code, name]));

export function toOrganization(r: OrganizationRow): Organization {
  return {
    resourceType: 'Organization',
    id: String(r.id),
    meta: { lastUpdated: instant(r.updatedAt) },
    active: r.enabled,
    type: [
      { coding: [{ system: VigilSystem.orgType, code: String(r.type), display: typeName.get(r.type) }] },
    ],
    name: r.name,
    ...(r.phone ? { telecom: [{ system: 'phone', value: r.phone }] } : {}),
    ...(r.address ? { address: [{ text: r.address }] } : {}),
  };
}

export const organizationKind: FhirKind<OrganizationRow> = {
  type: 'Organization',
  list: organizationList as FhirKind<OrganizationRow>['list'],
  params: [],
  sorts: { _id: 'id', _lastUpdated: 'updated_at' },
  plan: async () => ({ query: {} }),
  toResource: toOrganization,
  memberOf: () => null,
  maxId: INT4_MAX,
};
