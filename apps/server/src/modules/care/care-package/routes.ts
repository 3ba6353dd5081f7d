import { eq, sql } from 'drizzle-orm';
import { ControlledLevel, carePackageResource, checkRegimen, nowUnix, toUnix, toUnixOrNull, type MedicationFrequency } from '@vigil/contracts';
import { carePackages, medicines } from '../../../db/schema/index.ts';
import { defineResource } from '../../../resources/define.ts';
import { assertCheck, careScope, placeOnMember, memberRecordWire } from '../care-common/record.ts';
import { assertRelatedPharmacy, packageMedicine, reexpandPackage } from './service.ts';

const t = carePackages;

/** The member's balance of a controlled medicine (null when the medicine is not controlled). */
const balance = sql<number | null>`case when ${medicines.controlledLevel} > ${ControlledLevel.none}
  then coalesce((select b.balance from care_balances b where b.member_id = ${t.memberId} and b.medicine_id = ${t.medicineId}), 0)
  end`;

/** /care/package: one medicine for one member on one regimen; its doses are handled (docs/care.md). */
export const carePackageRoutes = defineResource({
  resource: carePackageResource,
  table: t,
  wire: {
    ...memberRecordWire(t),
    medicine_name: medicines.name,
    unit: medicines.unit,
    controlled_level: medicines.controlledLevel,
    pharmacy_org_name: sql<string | null>`(select o.name from orgs o where o.id = ${t.pharmacyOrgId})`,
    balance,
    enable: t.enabled,
  },
  joins: [{ table: medicines, on: eq(medicines.id, t.medicineId) }],
  scope: careScope(t),
  beforeWrite: async ({ tx, principal, action, before, values }) => {
    if (action !== 'create' && action !== 'update') return values;
    const placed = action === 'create' && values.memberId !== undefined ? await placeOnMember(tx, principal, values.memberId) : undefined;
    const orgId = (placed?.orgId ?? before?.org_id)!;
    if (before) {
      assertCheck(checkRegimen, {
        frequency: (values.frequency ?? before.frequency) as MedicationFrequency,
        daily_times: values.dailyTimes ?? before.daily_times,
        weekdays: values.weekdays ?? before.weekdays,
        start_date: values.startDate ? toUnix(values.startDate) : before.start_date,
        end_date: values.endDate !== undefined ? toUnixOrNull(values.endDate) : before.end_date,
        prn_min_interval_minutes: values.prnMinIntervalMinutes !== undefined ? values.prnMinIntervalMinutes : before.prn_min_interval_minutes,
        prn_max_per_24h: values.prnMaxPer24h !== undefined ? values.prnMaxPer24h : before.prn_max_per_24h,
      });
    }
    const medicine = values.medicineId !== undefined ? await packageMedicine(tx, orgId, values.medicineId) : undefined;
    if (values.pharmacyOrgId) await assertRelatedPharmacy(tx, orgId, values.pharmacyOrgId);
    return {
      ...values,
      ...placed,
      // A package of a time-critical medicine is time-critical unless the form says otherwise.
      ...(action === 'create' && values.timeCritical === undefined && medicine && { timeCritical: medicine.timeCritical }),
    };
  },
  afterWrite: async ({ tx, after }) => {
    if (after) await reexpandPackage(tx, after.id, nowUnix());
  },
  search: { keyword: [medicines.name, t.prescriber, t.hospital] },
  filters: {
    user_id: (v) => eq(t.memberId, v),
    type: (v) => eq(t.medicationType, v),
    class: (v) => eq(t.prescriptionType, v),
  },
  dateColumn: t.startDate,
  enable: 'enabled',
  history: { member: 'member_id' },
});
