import { and, eq } from 'drizzle-orm';
import { UserChangeKind, type StaffRole, type StaffRow } from '@vigil/contracts';
import type { Db } from '../../../db/client.ts';
import { staff } from '../../../db/schema/index.ts';
import { hashPassword } from '../../../auth/password.ts';
import { nextPasswordHistory } from '../../../auth/password-history.ts';
import type { Principal } from '../../../auth/principal.ts';
import { scopeCondition, type ScopeColumns } from '../../../auth/scope.ts';
import { revokeStaffSessions } from '../../../auth/sessions.ts';
import { forbidden, notFound } from '../../../http/errors.ts';
import type { WriteContext } from '../../../resources/define.ts';
import { logStaffChange } from '../change-log/write.ts';
import { mayHandleRole } from './roles.ts';

export const staffScope: ScopeColumns = { org: staff.orgId, area: staff.areaId };

/** Writes the staff change log for what changed (enable 0, role 1, area 2), in the write's transaction. */
export async function logChanges({ tx, principal, before, after }: WriteContext<StaffRow> & { after: StaffRow | null }): Promise<void> {
  if (!before || !after) return;
  const entry = { orgId: after.org_id, staffId: after.id, operatorId: principal.staffId };
  if (before.enable !== after.enable) {
    await logStaffChange(tx, { ...entry, kind: UserChangeKind.enable, before: { enable: before.enable }, after: { enable: after.enable } });
  }
  if (before.role !== after.role) {
    await logStaffChange(tx, { ...entry, kind: UserChangeKind.role, before: { role: before.role }, after: { role: after.role } });
  }
  if (before.area_id !== after.area_id) {
    await logStaffChange(tx, {
      ...entry,
      kind: UserChangeKind.area,
      before: { area_id: before.area_id, area_name: before.area_name },
      after: { area_id: after.area_id, area_name: after.area_name },
    });
  }
}

/** An administrator sets a new password for an account they may handle; it signs the account out everywhere. */
export async function resetPassword(db: Db, p: Principal, id: number, password: string): Promise<void> {
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    const [target] = await tx
      .select({ id: staff.id, role: staff.role, passwordHash: staff.passwordHash, previous: staff.previousPasswordHashes })
      .from(staff)
      .where(and(eq(staff.id, id), scopeCondition(p, staffScope)));
    if (!target) throw notFound();
    if (!mayHandleRole(p, target.role as StaffRole)) throw forbidden();
    // The replaced password joins the history, so the owner cannot go back to it at the next change.
    const previousPasswordHashes = nextPasswordHistory(target.passwordHash, target.previous);
    await tx.update(staff).set({ passwordHash, previousPasswordHashes, passwordChangedAt: new Date(), updatedAt: new Date() }).where(eq(staff.id, target.id));
    await revokeStaffSessions(tx, target.id);
  });
}
