import { eq } from 'drizzle-orm';
import { areaScopedRoles, guardRoles, operatorRoles, roleOrgType, Role, type StaffRole } from '@vigil/contracts';
import type { Tx } from '../../../db/client.ts';
import { orgs } from '../../../db/schema/index.ts';
import type { Principal } from '../../../auth/principal.ts';
import { forbidden, invalid, notFound } from '../../../http/errors.ts';

/** Organisation-wide administrators; the area admins (3, 13, 15) rank below them. */
const adminRoles = new Set<StaffRole>([
  Role.orgAdmin,
  Role.pharmacyAdmin,
  Role.hospitalAdmin,
  Role.clinicAdmin,
  Role.hotelAdmin,
  Role.guardAdmin,
]);

/** How far a role reaches: operator 3, organisation admin 2, area admin 1, everyone else 0. */
export function roleRank(role: StaffRole): number {
  if (operatorRoles.has(role)) return 3;
  if (adminRoles.has(role)) return 2;
  if (areaScopedRoles.has(role)) return 1;
  return 0;
}

/** Whether the caller may give (or take away) `role`: never above their own, operator roles only by operators. */
export function mayHandleRole(p: Principal, role: StaffRole): boolean {
  if (operatorRoles.has(p.role)) return true;
  return !operatorRoles.has(role) && roleRank(role) <= roleRank(p.role);
}

/**
 * A role a staff member of `orgId` may hold: one of the organisation's type (contracts
 * roleOrgType), guard roles only in security companies and the other care roles only outside them.
 * Area-scoped roles need an area. Also checks the caller may grant it (-3).
 */
export async function checkRole(tx: Tx, p: Principal, role: StaffRole, orgId: number, areaId: number | null): Promise<void> {
  const [org] = await tx.select({ type: orgs.type, isGuard: orgs.isGuard }).from(orgs).where(eq(orgs.id, orgId));
  if (!org) throw notFound('Organisation not found');
  if (roleOrgType[role] !== org.type || guardRoles.has(role) !== org.isGuard) {
    throw invalid([{ field: 'role', message: 'validation.invalidOption' }], 'The role does not belong to this organisation');
  }
  if (areaScopedRoles.has(role) && areaId === null) {
    throw invalid([{ field: 'area_id', message: 'validation.required' }], 'An area-scoped role needs an area');
  }
  if (!mayHandleRole(p, role)) throw forbidden();
}
