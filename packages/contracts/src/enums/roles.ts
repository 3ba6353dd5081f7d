/** SPEC §1: organisation types. */
export const OrgType = {
  manage: 0,
  care: 1,
  pharmacy: 2,
  hospital: 3,
  clinic: 4,
  hotel: 5,
} as const;
export type OrgType = (typeof OrgType)[keyof typeof OrgType];
export const orgTypes = Object.values(OrgType) as OrgType[];
export const orgTypeLabelKey: Record<OrgType, string> = {
  0: 'enum.orgType.manage',
  1: 'enum.orgType.care',
  2: 'enum.orgType.pharmacy',
  3: 'enum.orgType.hospital',
  4: 'enum.orgType.clinic',
  5: 'enum.orgType.hotel',
};

/**
 * Security companies are not an organisation type of SPEC §1; they are care organisations
 * (type 1) flagged `is_guard`, so guard roles 14–16 attach to an organisation of type 1 that is
 * related to the care organisations it protects (docs/data-model.md).
 */

/** SPEC §6: roles. */
export const Role = {
  guest: -1,
  engineer: 0,
  manager: 1,
  orgAdmin: 2,
  orgAreaAdmin: 3,
  orgStaff: 4,
  orgGuard: 5,
  pharmacyAdmin: 6,
  pharmacyStaff: 7,
  hospitalAdmin: 8,
  hospitalDoctor: 9,
  clinicAdmin: 10,
  clinicDoctor: 11,
  hotelAdmin: 12,
  hotelAreaAdmin: 13,
  guardAdmin: 14,
  guardAreaAdmin: 15,
  guardStaff: 16,
  nursingAide: 17,
} as const;
export type Role = (typeof Role)[keyof typeof Role];
export const staffRoles = Object.values(Role).filter((r) => r >= 0) as Exclude<Role, -1>[];
export type StaffRole = Exclude<Role, -1>;

export const roleLabelKey: Record<Role, string> = {
  [-1]: 'enum.role.guest',
  0: 'enum.role.engineer',
  1: 'enum.role.manager',
  2: 'enum.role.orgAdmin',
  3: 'enum.role.orgAreaAdmin',
  4: 'enum.role.orgStaff',
  5: 'enum.role.orgGuard',
  6: 'enum.role.pharmacyAdmin',
  7: 'enum.role.pharmacyStaff',
  8: 'enum.role.hospitalAdmin',
  9: 'enum.role.hospitalDoctor',
  10: 'enum.role.clinicAdmin',
  11: 'enum.role.clinicDoctor',
  12: 'enum.role.hotelAdmin',
  13: 'enum.role.hotelAreaAdmin',
  14: 'enum.role.guardAdmin',
  15: 'enum.role.guardAreaAdmin',
  16: 'enum.role.guardStaff',
  17: 'enum.role.nursingAide',
};

/** SPEC §2: breadcrumb and member labels are keyed by role family. */
export const RoleFamily = ['admin', 'org', 'pharmacy', 'hospital', 'clinic', 'hotel', 'guard'] as const;
export type RoleFamily = (typeof RoleFamily)[number];

export const roleFamily: Record<StaffRole, RoleFamily> = {
  0: 'admin',
  1: 'admin',
  2: 'org',
  3: 'org',
  4: 'org',
  5: 'org',
  6: 'pharmacy',
  7: 'pharmacy',
  8: 'hospital',
  9: 'hospital',
  10: 'clinic',
  11: 'clinic',
  12: 'hotel',
  13: 'hotel',
  14: 'guard',
  15: 'guard',
  16: 'guard',
  17: 'org',
};

/** Which organisation type a role belongs to: staff role choices are limited to these. */
export const roleOrgType: Record<StaffRole, OrgType> = {
  0: 0,
  1: 0,
  2: 1,
  3: 1,
  4: 1,
  5: 1,
  6: 2,
  7: 2,
  8: 3,
  9: 3,
  10: 4,
  11: 4,
  12: 5,
  13: 5,
  14: 1,
  15: 1,
  16: 1,
  17: 1,
};

/** Roles whose scope is a single area rather than the whole organisation. */
export const areaScopedRoles: ReadonlySet<StaffRole> = new Set<StaffRole>([3, 13, 15]);
/** Operator roles see every organisation. */
export const operatorRoles: ReadonlySet<StaffRole> = new Set<StaffRole>([0, 1]);
/** SPEC §2/§6: the alert bell and real-time abnormal list are hidden for these roles. */
export const bellHiddenRoles: ReadonlySet<Role> = new Set<Role>([0, 1, 17, 6, 7]);
/** Guard-company roles require an organisation flagged as a security company. */
export const guardRoles: ReadonlySet<StaffRole> = new Set<StaffRole>([14, 15, 16]);

export function isStaffRole(value: number): value is StaffRole {
  return Number.isInteger(value) && value >= 0 && value <= 17;
}
