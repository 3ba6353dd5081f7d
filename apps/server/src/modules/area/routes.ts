import { eq } from 'drizzle-orm';
import { areaCreate, areaListQuery, areaRow, areaUpdate } from '@vigil/contracts';
import { areas, orgs } from '../../db/schema/index.ts';
import { defineResource } from '../../resources/define.ts';
import { unix } from '../../resources/rows.ts';

/** /area: an organisation's areas. `scope.area` is the area's own id, so area admins see only theirs. */
export const areaRoutes = defineResource({
  path: '/area',
  table: areas,
  fields: {
    id: areas.id,
    orgId: areas.orgId,
    orgName: orgs.name,
    name: areas.name,
    remark: areas.remark,
    enabled: areas.enabled,
    createdAt: areas.createdAt,
    updatedAt: areas.updatedAt,
  },
  joins: [{ table: orgs, on: eq(orgs.id, areas.orgId) }],
  rowSchema: areaRow,
  toRow: (r) => ({
    id: r.id,
    org_id: r.orgId,
    org_name: r.orgName,
    name: r.name,
    remark: r.remark,
    enable: r.enabled,
    created_at: unix(r.createdAt),
    updated_at: unix(r.updatedAt),
  }),
  createSchema: areaCreate,
  updateSchema: areaUpdate,
  listQuery: areaListQuery,
  scope: { org: areas.orgId, area: areas.id },
  placeArea: false,
  place: (body) => ({ orgId: body.org_id }),
  toInsert: (body, placement) => ({
    orgId: placement.orgId,
    name: body.name,
    remark: body.remark ?? null,
    enabled: body.enable ?? true,
  }),
  toUpdate: (body) => ({
    ...(body.name !== undefined && { name: body.name }),
    ...(body.remark !== undefined && { remark: body.remark ?? null }),
  }),
  search: { name: areas.name, keyword: [areas.name, areas.remark] },
  enable: 'enabled',
});
