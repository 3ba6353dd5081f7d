import { eq } from 'drizzle-orm';
import { areaResource, type AreaRow } from '@vigil/contracts';
import { areas, orgs } from '../../../db/schema/index.ts';
import { defineResource } from '../../../resources/define.ts';
import { time, type WireMap } from '../../../resources/wire.ts';

/** An area on the wire (also the rows of /area/pharmacy): each API key and the column it comes from. */
export const areaWire: WireMap<AreaRow> = {
  id: areas.id,
  org_id: areas.orgId,
  org_name: orgs.name,
  name: areas.name,
  remark: areas.remark,
  enable: areas.enabled,
  created_at: time(areas.createdAt),
  updated_at: time(areas.updatedAt),
};
export const areaJoins = [{ table: orgs, on: eq(orgs.id, areas.orgId) }];

/** /area: an organisation's areas. `scope.area` is the area's own id, so area admins see only theirs. */
export const areaRoutes = defineResource({
  resource: areaResource,
  table: areas,
  wire: areaWire,
  joins: areaJoins,
  scope: { org: areas.orgId, area: areas.id },
  placeArea: false,
  place: (body) => ({ orgId: body.org_id }),
  search: { name: areas.name, keyword: [areas.name, areas.remark] },
  enable: 'enabled',
});
