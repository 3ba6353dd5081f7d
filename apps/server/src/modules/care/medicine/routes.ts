import { eq } from 'drizzle-orm';
import { medicineResource } from '@vigil/contracts';
import { medicines, orgs } from '../../../db/schema/index.ts';
import { defineResource } from '../../../resources/define.ts';
import { time } from '../../../resources/wire.ts';

/** /medicine: an organisation's medicine catalogue, which packages name (docs/care.md). */
export const medicineRoutes = defineResource({
  resource: medicineResource,
  table: medicines,
  wire: {
    id: medicines.id,
    org_id: medicines.orgId,
    org_name: orgs.name,
    name: medicines.name,
    generic_name: medicines.genericName,
    strength: medicines.strength,
    form: medicines.form,
    unit: medicines.unit,
    medication_type: medicines.medicationType,
    controlled_level: medicines.controlledLevel,
    time_critical: medicines.timeCritical,
    enable: medicines.enabled,
    remark: medicines.remark,
    created_at: time(medicines.createdAt),
    updated_at: time(medicines.updatedAt),
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
