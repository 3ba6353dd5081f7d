import type { ApiPermission } from '../schemas/auth.ts';
import { Role, type StaffRole, operatorRoles } from '../enums/roles.ts';
import { crud } from './keys.ts';
import { Page, rolePages } from './pages.ts';
import { Resource } from './resources.ts';

/** Roles that administer their organisation (or area) and so may change what they see. */
const adminRoles = new Set<StaffRole>([
  Role.engineer,
  Role.manager,
  Role.orgAdmin,
  Role.orgAreaAdmin,
  Role.pharmacyAdmin,
  Role.hospitalAdmin,
  Role.clinicAdmin,
  Role.hotelAdmin,
  Role.hotelAreaAdmin,
  Role.guardAdmin,
  Role.guardAreaAdmin,
]);

/** Resources that are always read-only in default groups (logs are written by the server). */
const readOnly = new Set<string>([Resource.changeStaff, Resource.changeUser, Resource.medicalUser]);

/** Pages whose resource staff (non-admins) may also write: the care work itself. */
const staffWritable = new Set<string>([
  Resource.user,
  Resource.abnormal,
  Resource.deliveryMedicine,
  Resource.careHealth,
  Resource.careFollowUp,
  Resource.careSchedule,
  Resource.carePackage,
  Resource.careSymptom,
  Resource.careReport,
  Resource.careDiet,
  Resource.careStethoscope,
  Resource.workLog,
  Resource.opd,
  Resource.medicalRecords,
]);

/**
 * Each role's default API group, derived from the pages its SPEC §2 route table holds: admins
 * get full CRUD on their pages' resources, staff read everything their pages show and write the
 * care records they keep; everyone may manage their own profile and sign out.
 */
export function defaultApiGroup(role: StaffRole): ApiPermission[] {
  const out: ApiPermission[] = [
    { route: Resource.logout, method: 'POST' },
    { route: Resource.personal, method: 'GET' },
    { route: Resource.personal, method: 'PUT' },
    { route: Resource.personalHead, method: 'POST' },
    { route: Resource.personalPassword, method: 'PUT' },
    { route: Resource.fileHeadshot + '/{id}', method: 'GET' },
    { route: Resource.sidebar, method: 'GET' },
  ];
  const isAdmin = adminRoles.has(role);
  for (const key of rolePages(role)) {
    const resource: string = Page[key].resource;
    if (resource === Resource.personal || resource === Resource.sidebar) continue;
    const methods = readOnly.has(resource) ? 'LR' : isAdmin || staffWritable.has(resource) ? 'LRCUED' : 'LR';
    out.push(...crud(resource, methods));
    if (resource === Resource.abnormal) out.push(...crud(Resource.handleAbnormal, 'LRC'));
  }
  if (operatorRoles.has(role)) {
    out.push(...crud(Resource.sidebar, 'LRCUED'), ...crud(Resource.apiGroup, 'LRCUED'));
  }
  const seen = new Set<string>();
  return out.filter((p) => {
    const k = `${p.method} ${p.route}`;
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}
