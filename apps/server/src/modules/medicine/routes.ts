import { eq } from 'drizzle-orm';
import { medicineCreate, medicineListQuery, medicineRow, medicineUpdate } from '@vigil/contracts';
import { medicines, orgs } from '../../db/schema/index.ts';
import { defineResource } from '../../resources/define.ts';
import { time } from '../../resources/wire.ts';

/** /medicine: an organisation's medicine catalogue, which packages name (docs/care.md). */
export const medicineRoutes = defineResource({
  path: '/medicine',
  table: medicines,
  rowSchema: medicineRow,
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
  createSchema: medicineCreate,
  updateSchema: medicineUpdate,
  listQuery: medicineListQuery,
  scope: { org: medicines.orgId },
  placeArea: false,
  place: (body) => ({ orgId: body.org_id }),
  toInsert: (body, placement) => ({
    orgId: placement.orgId,
    name: body.name,
    genericName: body.generic_name ?? null,
    strength: body.strength ?? null,
    form: body.form,
    unit: body.unit,
    medicationType: body.medication_type,
    controlledLevel: body.controlled_level,
    timeCritical: body.time_critical,
    enabled: body.enable ?? true,
    remark: body.remark ?? null,
  }),
  toUpdate: (body) => ({
    ...(body.name !== undefined && { name: body.name }),
    ...(body.generic_name !== undefined && { genericName: body.generic_name ?? null }),
    ...(body.strength !== undefined && { strength: body.strength ?? null }),
    ...(body.form !== undefined && { form: body.form }),
    ...(body.unit !== undefined && { unit: body.unit }),
    ...(body.medication_type !== undefined && { medicationType: body.medication_type }),
    ...(body.controlled_level !== undefined && { controlledLevel: body.controlled_level }),
    ...(body.time_critical !== undefined && { timeCritical: body.time_critical }),
    ...(body.enable !== undefined && { enabled: body.enable }),
    ...(body.remark !== undefined && { remark: body.remark ?? null }),
  }),
  search: { name: medicines.name, keyword: [medicines.name, medicines.genericName] },
  filters: {
    type: (v) => eq(medicines.medicationType, v),
    class: (v) => eq(medicines.controlledLevel, v),
    enable: (v) => eq(medicines.enabled, v === 1),
  },
  enable: 'enabled',
  history: {},
});
