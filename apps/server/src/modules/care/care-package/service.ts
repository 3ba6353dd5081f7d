import { and, eq, gt, isNotNull } from 'drizzle-orm';
import {
  DOSE_HORIZON_HOURS,
  OrgType,
  ValidationMessage,
  expandDoseTimes,
  fromUnix,
  toUnix,
  type MedicationFrequency,
} from '@vigil/contracts';
import type { Db, Tx } from '../../../db/client.ts';
import { carePackageDoses, carePackages, medicines, orgRelations, orgs } from '../../../db/schema/index.ts';
import { invalid } from '../../../http/errors.ts';

type Package = typeof carePackages.$inferSelect;

/**
 * Stores a package's scheduled doses from `from` to DOSE_HORIZON_HOURS after `now`. Idempotent by
 * the unique (package, time) index: the scheduler re-runs it every minute on every instance.
 */
export async function expandPackage(db: Db | Tx, pkg: Package, from: number, now: number): Promise<number> {
  if (!pkg.enabled) return 0;
  const times = expandDoseTimes(
    {
      frequency: pkg.frequency as MedicationFrequency,
      dailyTimes: pkg.dailyTimes,
      weekdays: pkg.weekdays,
      startDate: toUnix(pkg.startDate),
      endDate: pkg.endDate ? toUnix(pkg.endDate) : null,
    },
    { from, to: now + DOSE_HORIZON_HOURS * 3600 },
  );
  if (!times.length) return 0;
  const rows = await db
    .insert(carePackageDoses)
    .values(times.map((t) => ({ packageId: pkg.id, orgId: pkg.orgId, areaId: pkg.areaId, memberId: pkg.memberId, scheduledAt: fromUnix(t) })))
    .onConflictDoNothing()
    .returning({ id: carePackageDoses.id });
  return rows.length;
}

/**
 * After a package is created or changed: doses still to come and not handled follow the new
 * regimen; doses already due stay as they are (given, missed or late is a fact, not a plan).
 */
export async function reexpandPackage(tx: Tx, packageId: number, now: number): Promise<void> {
  await tx
    .delete(carePackageDoses)
    .where(
      and(
        eq(carePackageDoses.packageId, packageId),
        eq(carePackageDoses.state, 0),
        isNotNull(carePackageDoses.scheduledAt),
        gt(carePackageDoses.scheduledAt, fromUnix(now)),
      ),
    );
  const [pkg] = await tx.select().from(carePackages).where(eq(carePackages.id, packageId));
  if (pkg) await expandPackage(tx, pkg, now, now);
}

/** The catalogue entry a package names: an enabled medicine of the package's organisation, else -5. */
export async function packageMedicine(tx: Tx, orgId: number, medicineId: number) {
  const [medicine] = await tx
    .select()
    .from(medicines)
    .where(and(eq(medicines.id, medicineId), eq(medicines.orgId, orgId), eq(medicines.enabled, true)));
  if (!medicine) throw invalid([{ field: 'medicine_id', message: ValidationMessage.invalidOption }]);
  return medicine;
}

/** A source pharmacy must be a pharmacy the care organisation has an enabled relation with, else -5. */
export async function assertRelatedPharmacy(tx: Tx, orgId: number, pharmacyOrgId: number): Promise<void> {
  const [row] = await tx
    .select({ id: orgs.id })
    .from(orgRelations)
    .innerJoin(orgs, eq(orgs.id, orgRelations.relatedOrgId))
    .where(and(eq(orgRelations.orgId, orgId), eq(orgRelations.relatedOrgId, pharmacyOrgId), eq(orgRelations.enabled, true), eq(orgs.type, OrgType.pharmacy)));
  if (!row) throw invalid([{ field: 'pharmacy_org_id', message: ValidationMessage.invalidOption }]);
}
