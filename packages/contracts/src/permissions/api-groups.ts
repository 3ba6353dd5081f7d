import type { ApiPermission, HttpMethod } from '../schemas/auth.ts';
import { Role, type StaffRole, operatorRoles } from '../enums/roles.ts';
import { Page, type PageKey, rolePages, wearablePages } from './pages.ts';
import { Resource } from './resources.ts';
import { apiCatalogue } from './catalogue.ts';

type Level = 'read' | 'write';

/** Roles that administer their organisation (or area) and so may change what they see. */
export const adminRoles = new Set<StaffRole>([
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

/** Resources that are always read-only (logs are written by the server itself). */
const readOnly = new Set<string>([Resource.changeStaff, Resource.changeUser, Resource.changeRecord, Resource.medicalUser, Resource.audit]);

/**
 * Settings shared by every organisation (roles, their API groups, the feature switches and the
 * sidebar trees): only the operator level changes them; others may at most read.
 */
const operatorWritable = new Set<string>([Resource.role, Resource.apiGroup, Resource.feature, Resource.sidebar]);

/** Resources staff who are not admins may also write: the care work itself. */
const staffWritable = new Set<string>([
  Resource.user,
  Resource.userSystemUser,
  Resource.abnormal,
  Resource.handleAbnormal,
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
  Resource.handover,
  Resource.opd,
  Resource.medicalRecords,
]);

const wearableTabReads: [string, 'read'][] = [
  [Resource.bodyTemperature, 'read'],
  [Resource.bloodOxygen, 'read'],
  [Resource.bloodPressure, 'read'],
  [Resource.sleep, 'read'],
];

/**
 * What a page needs beyond its own resource: pickers read other resources (a member form lists
 * areas), and some pages act through related resources (devices are registered on /device/bind
 * from the members' device page; an operator creates an organisation's first admin on /staff).
 * `inherit` takes the page's own level, `read` never more than reading, `admin` writing for admin
 * roles and reading for the others, `handle` writing for everyone who reaches the page (handling
 * a due item is the work of whoever is on shift), `operator` the page's own level for the operator
 * roles only (what only they may use there).
 */
const pageSupport: Partial<Record<PageKey, [string, Level | 'inherit' | 'admin' | 'handle' | 'operator'][]>> = {
  org: [
    [Resource.orgRelation, 'inherit'],
    [Resource.staff, 'inherit'],
    [Resource.area, 'read'],
  ],
  staff: [[Resource.area, 'read']],
  // Switching a role's API group is the operators' (roles are shared by every organisation); an
  // organisation's admins read their own roles and the name of the group each uses, not the groups.
  role: [
    [Resource.api, 'operator'],
    [Resource.apiGroup, 'operator'],
  ],
  temprole: [[Resource.staff, 'read']],
  api: [[Resource.apiGroup, 'inherit']],
  member: [
    [Resource.userSystemUser, 'inherit'],
    [Resource.medicalUser, 'read'],
    [Resource.area, 'read'],
    // Family contacts carry a family's addresses: admins keep them, the member's other readers see them.
    [Resource.userFamily, 'admin'],
  ],
  'member-device': [
    [Resource.deviceBind, 'inherit'],
    [Resource.deviceSleepSetting, 'inherit'],
    [Resource.deviceSpaceSetting, 'inherit'],
    [Resource.userSystemDeviceBindForad40g, 'inherit'],
    [Resource.user, 'read'],
    [Resource.area, 'read'],
  ],
  'device-chylyng': [[Resource.user, 'read']],
  // Setting a worn device's safe zone is watching work: whoever watches the positions sets it.
  'device-real-time': [
    [Resource.area, 'read'],
    [Resource.userSafeZone, 'handle'],
  ],
  'handle-record': [[Resource.area, 'read']],
  'device-sleep-history': [[Resource.area, 'read']],
  'member-device-chylyng': [
    [Resource.deviceBindChylyng, 'inherit'],
    [Resource.user, 'read'],
  ],
  'abnormal-log': [
    [Resource.handleAbnormal, 'inherit'],
    [Resource.area, 'read'],
    [Resource.user, 'read'],
  ],
  'medication-delivery': [
    [Resource.areaPharmacy, 'read'],
    [Resource.fileDeliveryMedicine, 'inherit'],
  ],
  // A handover is generated for an area, and its actions are owned by staff of the organisation.
  handover: [
    [Resource.area, 'read'],
    [Resource.staff, 'read'],
  ],
  // Each care page's handle page (SPEC §2 educate/handle …) records the care itself; packages name
  // a catalogue medicine, which staff pick from and admins keep.
  // Education names its educator and a schedule its assigned staff: both pick from the staff list.
  educate: [
    [Resource.handleHealth, 'handle'],
    [Resource.staff, 'read'],
  ],
  reconsultation: [[Resource.handleFollow, 'handle']],
  'service-schedule': [
    [Resource.handleSchedule, 'handle'],
    [Resource.staff, 'read'],
  ],
  'package-record': [
    [Resource.handlePackageMedicine, 'handle'],
    [Resource.medicine, 'admin'],
    [Resource.filePackageMedicine, 'inherit'],
  ],
  // Care records II (docs/care.md): each page's handle page and files; reports and medical records
  // share one file path, and the ECG page's handle page reads the readings it handles.
  'symptom-manage': [
    [Resource.handleSymptom, 'handle'],
    [Resource.fileSymptom, 'inherit'],
  ],
  'diet-manage': [
    [Resource.handleDiet, 'handle'],
    [Resource.fileDiet, 'inherit'],
  ],
  stethoscope: [[Resource.fileStethoscope, 'inherit']],
  'health-report': [[Resource.fileReport, 'inherit']],
  'medical-record': [
    [Resource.handleMedicalRecord, 'handle'],
    [Resource.fileReport, 'inherit'],
  ],
  ecg: [
    [Resource.handleEcg, 'handle'],
    [Resource.fileEcg, 'handle'],
  ],
  // A work log's entries carry attachments (photos, PDFs), uploaded and read by whoever writes and reads logs.
  'work-log': [[Resource.fileWorkLog, 'inherit']],
  'change-log-staff': [
    [Resource.area, 'read'],
    [Resource.changeRecord, 'read'],
  ],
  'change-log-member': [
    [Resource.area, 'read'],
    [Resource.changeRecord, 'read'],
  ],
  'medical-state-log': [[Resource.area, 'read']],
  // The feature switches are set per organisation, picked from the organisation list.
  feature: [[Resource.org, 'read']],
  // SPEC §2's wearable page has five tabs; each reads its own kind, whoever opens the page.
  ...Object.fromEntries(wearablePages.map((key) => [key, wearableTabReads])),
};

/**
 * Delivery calls only one side of an order may make (docs/delivery.md): the care home orders,
 * amends and checks receipt; the pharmacy answers queries. The server refuses the other side
 * anyway; leaving the pairs out keeps each group to what its role can use.
 */
const careSidePairs = new Set([
  'POST /delivery/medicine',
  'PUT /delivery/medicine/{id}',
  'PATCH /delivery/medicine/{id}',
  'PUT /delivery/medicine/receipt/{id}',
  'POST /delivery/medicine/repeat/{id}',
  'POST /file/delivery-medicine',
]);
const pharmacySidePairs = new Set(['PUT /delivery/medicine/reply/{id}']);
const pharmacyRoles = new Set<StaffRole>([Role.pharmacyAdmin, Role.pharmacyStaff]);

/**
 * Guards watch and answer: they handle alerts and set safe zones, but members are admitted,
 * changed and removed by the organisation's care staff and admins (docs/permissions.md).
 */
const guardReadOnly = new Set<string>([Resource.user, Resource.userSystemUser]);

/**
 * Least privilege within the care records (docs/care.md "Permissions by role"): a nursing aide
 * reads the plans and records the care (handles), but does not write the plans themselves.
 */
const roleReadOnly: Partial<Record<StaffRole, ReadonlySet<string>>> = {
  [Role.orgGuard]: guardReadOnly,
  [Role.guardStaff]: guardReadOnly,
  [Role.nursingAide]: new Set([
    Resource.careHealth,
    Resource.careFollowUp,
    Resource.careSchedule,
    Resource.carePackage,
    // An aide records meals and marks pain, but reports, recordings and diagnoses are the nurses' and doctors'.
    Resource.careReport,
    Resource.careStethoscope,
    Resource.medicalRecords,
    Resource.opd,
  ]),
};

/**
 * Pairs a role never gets whatever its pages: a nursing aide records care on the members it is
 * given but does not admit, remove or disable members (docs/permissions.md).
 */
const roleDeniedPairs: Partial<Record<StaffRole, ReadonlySet<string>>> = {
  [Role.nursingAide]: new Set([
    'POST /user',
    'DELETE /user/{id}',
    'PATCH /user/enable/{id}',
    'POST /user-system/user',
    'DELETE /user-system/user/{id}',
    'PATCH /user-system/user/enable/{id}',
  ]),
};

/** Care records others have handled are evidence: only admins delete them (the history keeps what was). */
const adminDeletes = new Set<string>([
  Resource.careHealth,
  Resource.careFollowUp,
  Resource.careSchedule,
  Resource.carePackage,
  Resource.medicine,
  Resource.careSymptom,
  Resource.careDiet,
  Resource.careStethoscope,
  Resource.careReport,
  Resource.medicalRecords,
  Resource.opd,
]);

/** Every signed-in role may manage its own profile and sign out. */
const everyone: ApiPermission[] = [
  { route: Resource.logout, method: 'POST' },
  { route: Resource.personal, method: 'GET' },
  { route: Resource.personal, method: 'PUT' },
  { route: Resource.personalHead, method: 'POST' },
  { route: Resource.personalPassword, method: 'PUT' },
  { route: Resource.fileHeadshot + '/{id}', method: 'GET' },
  { route: Resource.sidebar, method: 'GET' },
];

/** The resource levels a role gets from the pages of its SPEC §2 route table. */
export function roleResourceLevels(role: StaffRole): Map<string, Level> {
  const levels = new Map<string, Level>();
  const operator = operatorRoles.has(role);
  const grant = (resource: string, level: Level) => {
    if (readOnly.has(resource) || (!operator && operatorWritable.has(resource))) level = 'read';
    if (roleReadOnly[role]?.has(resource)) level = 'read';
    if (levels.get(resource) !== 'write') levels.set(resource, level);
  };
  const isAdmin = adminRoles.has(role);
  for (const key of rolePages(role)) {
    const resource: string = Page[key].resource;
    if (resource === Resource.personal) continue;
    const level: Level = isAdmin || staffWritable.has(resource) ? 'write' : 'read';
    grant(resource, level);
    for (const [support, how] of pageSupport[key] ?? []) {
      if (how === 'operator' && !operator) continue;
      const supportLevel = how === 'inherit' || how === 'operator' ? level : how === 'handle' || (how === 'admin' && isAdmin) ? 'write' : 'read';
      grant(support, supportLevel);
    }
  }
  if (operator) grant(Resource.sidebar, 'write');
  // FHIR (docs/fhir.md) serves outside systems through API groups made for them; by default the
  // administrators of an organisation with members may read it and run bulk exports, to try it.
  if (isAdmin && levels.has(Resource.user)) grant(Resource.fhir, 'write');
  return levels;
}

const knownResources = (Object.values(Resource) as string[]).sort((a, b) => b.length - a.length);

/** The resource a route belongs to: the longest resource path it equals or lies under. */
export function routeResource(route: string): string | undefined {
  return knownResources.find((r) => route === r || route.startsWith(r + '/'));
}

/**
 * Each role's default API group: every pair of the server's catalogue whose resource the role's
 * pages reach — reads for `read`, everything for `write`. Expanding over the catalogue (rather than
 * listing sub-routes by hand) grants a page's actions such as `PATCH /user/follow/{id}` as soon as
 * the server declares them; `catalogue.ts` is checked against the server's routes by a test.
 */
export function defaultApiGroup(role: StaffRole): ApiPermission[] {
  const levels = roleResourceLevels(role);
  const sideless = pharmacyRoles.has(role) ? careSidePairs : pharmacySidePairs;
  const out: ApiPermission[] = [...everyone];
  const seen = new Set(out.map((p) => `${p.method} ${p.route}`));
  for (const key of apiCatalogue) {
    if (seen.has(key) || sideless.has(key) || roleDeniedPairs[role]?.has(key)) continue;
    const [method, route] = key.split(' ') as [HttpMethod, string];
    const resource = routeResource(route);
    const level = resource ? levels.get(resource) : undefined;
    if (!level || (level === 'read' && method !== 'GET')) continue;
    if (method === 'DELETE' && resource && adminDeletes.has(resource) && !adminRoles.has(role)) continue;
    out.push({ route, method });
    seen.add(key);
  }
  return out;
}
