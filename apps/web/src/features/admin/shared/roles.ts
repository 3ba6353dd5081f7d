import { OrgType, Role, type StaffRole, guardRoles, roleOrgType, staffRoles } from '@vigil/contracts';

/**
 * Roles a staff member of an organisation may hold: those of its type, and within care
 * organisations either the guard-company roles (a security company) or the others (docs/data-model.md).
 */
export function rolesForOrg(type: OrgType, isGuard: boolean): StaffRole[] {
  return staffRoles.filter((r) => roleOrgType[r] === type && (type !== OrgType.care || guardRoles.has(r) === isGuard));
}

/** The administrator role of a new organisation (what the operator creates first). */
export function adminRoleFor(type: OrgType, isGuard: boolean): StaffRole {
  if (isGuard) return Role.guardAdmin;
  const byType: Record<OrgType, StaffRole> = {
    [OrgType.manage]: Role.manager,
    [OrgType.care]: Role.orgAdmin,
    [OrgType.pharmacy]: Role.pharmacyAdmin,
    [OrgType.hospital]: Role.hospitalAdmin,
    [OrgType.clinic]: Role.clinicAdmin,
    [OrgType.hotel]: Role.hotelAdmin,
  };
  return byType[type];
}

/** The organisation type (and guard flag) of the signed-in user's own organisation, from their role. */
export function ownOrgKind(role: StaffRole): { type: OrgType; isGuard: boolean } {
  return { type: roleOrgType[role], isGuard: guardRoles.has(role) };
}
