import { eq } from 'drizzle-orm';
import { medicineResource } from '@vigil/contracts';
import { medicines, orgs } from '../../../db/schema/index.ts';
import { defineResource } from '../../../resources/define.ts';

/** /medicine: an organisation's medicine catalogue, which packages name (docs/care.md). */
export const medicineRoutes = defineResource({
  resource: medicineResource,
  table: medicines,
  wire: {
    org_name: orgs.name,
    enable: medicines.enabled,
  },
  joins: [{ table: orgs, on: eq(orgs.id, medicines.orgId) }],
  scope: { org: medicines.orgId },
  placeArea: false,
  place: (body) => ({ orgId: body.org_id }),
  search: { name: medicines.name, keyword: [medicines.name, medicines.genericName] },
  filters: {
    type: (v) => eq(medicines.medicationType, v),
    class: (v) => eq(medicines.controlledLevel, v),
    enable: (v) => eq(medicines.enabled, v === 1),
  },
  enable: 'enabled',
  history: {},
});
