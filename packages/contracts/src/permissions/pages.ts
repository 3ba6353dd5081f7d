import type { SidebarItem } from '../schemas/auth.ts';
import { Role, type StaffRole } from '../enums/roles.ts';
import { Resource } from './resources.ts';

/**
 * Every console page (web path without the leading slash) and the resource whose GET permission
 * lets a user see it (SPEC §2: "an item shows only if the user may GET the matching resource").
 */
export const Page = {
  home: { resource: Resource.personal },
  personal: { resource: Resource.personal },
  'pass-modify': { resource: Resource.personal },
  /** Own second factors: authenticator app, recovery codes, passkeys (docs/security.md). */
  'second-factor': { resource: Resource.personal },
  /** Own sessions: where one is signed in, and signing them out. */
  sessions: { resource: Resource.personal },
  feature: { resource: Resource.feature },
  sidebar: { resource: Resource.sidebar },
  api: { resource: Resource.api },
  org: { resource: Resource.org },
  'org-relation': { resource: Resource.orgRelation },
  area: { resource: Resource.area },
  staff: { resource: Resource.staff },
  role: { resource: Resource.role },
  temprole: { resource: Resource.tempRole },
  member: { resource: Resource.user },
  'member-device': { resource: Resource.userSystemDeviceBind },
  'member-device-chylyng': { resource: Resource.userSystemDeviceBindChylyng },
  'device-chylyng': { resource: Resource.deviceBindChylyng },
  'device-bind': { resource: Resource.deviceBind },
  'device-sleep-history': { resource: Resource.deviceSleepHistory },
  /** Worn devices' current state and positions on a map (SPEC §7 /device/bind/real-time). */
  'device-real-time': { resource: Resource.deviceBindRealTime },
  /** Every member in scope as a live tile (docs/wall.md). */
  wall: { resource: Resource.wall },
  'abnormal-log': { resource: Resource.abnormal },
  /** SPEC §2 hotel "handling records": every handling of an abnormal event. */
  'handle-record': { resource: Resource.handleAbnormal },
  'alert-burden': { resource: Resource.abnormalBurden },
  /** Who can act on which alerts: the organisation's routing rules (docs/alert-rules.md "Routing"). */
  'alert-routing': { resource: Resource.abnormalRouting },
  /** The off-console channels' settings and which are live (operators; docs/notifications.md "Settings"). */
  'notify-settings': { resource: Resource.notifySettings },
  /** The organisation's escalation tiers: acknowledgement timeout per priority (docs/notifications.md). */
  'notify-policy': { resource: Resource.notifyPolicy },
  /** Connecting the organisation's LINE channel, and how staff link their LINE user (docs/channels.md). */
  'line-channel': { resource: Resource.lineChannel },
  'change-log-staff': { resource: Resource.changeStaff },
  'change-log-member': { resource: Resource.changeUser },
  audit: { resource: Resource.audit },
  /** How long the organisation keeps raw vitals and rollups (docs/operations.md "Retention"). */
  retention: { resource: Resource.retention },
  /** The organisation's scheduled reports and the reports kept for download (docs/reports.md). */
  'scheduled-reports': { resource: Resource.reportSchedule },
  'medical-state-log': { resource: Resource.medicalUser },
  'medication-delivery': { resource: Resource.deliveryMedicine },
  educate: { resource: Resource.careHealth },
  reconsultation: { resource: Resource.careFollowUp },
  'service-schedule': { resource: Resource.careSchedule },
  'package-record': { resource: Resource.carePackage },
  'symptom-manage': { resource: Resource.careSymptom },
  'health-report': { resource: Resource.careReport },
  'diet-manage': { resource: Resource.careDiet },
  stethoscope: { resource: Resource.careStethoscope },
  'work-log': { resource: Resource.workLog },
  handover: { resource: Resource.handover },
  opd: { resource: Resource.opd },
  'medical-record': { resource: Resource.medicalRecords },
  standerd: { resource: Resource.user },
  heartrate: { resource: Resource.heartRate },
  bloodpressure: { resource: Resource.bloodPressure },
  bloodoxygen: { resource: Resource.bloodOxygen },
  bodytemperature: { resource: Resource.bodyTemperature },
  bloodsugar: { resource: Resource.bloodSugar },
  bloodglucose: { resource: Resource.bloodGlucose },
  ecg: { resource: Resource.ecg },
  sleep: { resource: Resource.sleep },
  activity: { resource: Resource.activity },
  sports: { resource: Resource.sports },
  weight: { resource: Resource.weight },
  hrv: { resource: Resource.hrv },
  cholesterol: { resource: Resource.cholesterol },
  'uric-acid': { resource: Resource.uricAcid },
  'urine-output': { resource: Resource.urineOutput },
  'drinking-water': { resource: Resource.drinkingWater },
  heartvessel: { resource: Resource.heartVessel },
  // SPEC §2 wearable device pages (route params member_id and device_type); their default tab
  // is heart rate, so that is the resource that opens them.
  'wearable-device-B10': { resource: Resource.heartRate },
  'wearable-device-B20': { resource: Resource.heartRate },
  'wearable-device-G15': { resource: Resource.heartRate },
  'wearable-device-H20': { resource: Resource.heartRate },
} as const satisfies Record<string, { resource: string }>;
export type PageKey = keyof typeof Page;

export const vitalPages = [
  'heartrate',
  'bloodpressure',
  'bloodoxygen',
  'bodytemperature',
  'bloodsugar',
  'bloodglucose',
  'ecg',
  'sleep',
  'activity',
  'sports',
  'weight',
  'hrv',
  'cholesterol',
  'uric-acid',
  'urine-output',
  'drinking-water',
  'heartvessel',
] as const satisfies readonly PageKey[];

export const carePages = [
  'educate',
  'reconsultation',
  'service-schedule',
  'package-record',
  'symptom-manage',
  'health-report',
  'diet-manage',
  'stethoscope',
  'work-log',
] as const satisfies readonly PageKey[];

/** A sidebar group: a folder (type 0) of pages, or a single page (type 1) when `pages` has one. */
type MenuGroup = { group: string; pages: readonly PageKey[] };

/**
 * SPEC's administrator-like group, and the second one: the same without the organisation page. The
 * organisation's retention periods are set at the organisation level, so only the first has them.
 */
const adminGroup = (withOrg: boolean): MenuGroup => ({
  group: 'organisation',
  pages: withOrg ? ['org', 'area', 'staff', 'role', 'retention', 'scheduled-reports'] : ['area', 'staff', 'role'],
});
/**
 * Care homes, hospitals and clinics own the sleep sensors, so their roles read the sleep perception
 * history (SPEC's member-care area lists `device-sleep-history`), and the index shows its panel.
 */
const memberGroup: MenuGroup = {
  group: 'members',
  pages: ['member', 'wall', 'member-device', 'member-device-chylyng', 'device-real-time', 'device-sleep-history', 'medical-state-log'],
};
/** SPEC's care-staff-like table lists the 4G watch page where the org area has its IoT devices. */
const staffMemberGroup: MenuGroup = {
  group: 'members',
  pages: ['member', 'wall', 'member-device', 'device-chylyng', 'device-real-time', 'device-sleep-history', 'medical-state-log'],
};
const alertGroup: MenuGroup = { group: 'alerts', pages: ['abnormal-log'] };
/** Hotels keep their handling records as a page of its own (SPEC §2 hotel pages). */
const hotelAlertGroup: MenuGroup = { group: 'alerts', pages: ['abnormal-log', 'handle-record'] };
/**
 * Administrators also see the alert burden: whether alerts are tuned so that people answer them;
 * an organisation's admins also decide who receives which alerts (the routing is organisation-wide,
 * so area admins have no such page).
 */
const adminAlertGroup: MenuGroup = { group: 'alerts', pages: ['abnormal-log', 'alert-burden'] };
/**
 * An organisation's admins also decide how its alerts reach people off the console: the escalation
 * timing and the LINE channel are organisation-wide, like the routing.
 */
const orgAlertSettings = ['alert-routing', 'notify-policy', 'line-channel'] as const satisfies readonly PageKey[];
const orgAdminAlertGroup: MenuGroup = { group: 'alerts', pages: [...adminAlertGroup.pages, ...orgAlertSettings] };
const hotelAdminAlertGroup: MenuGroup = { group: 'alerts', pages: [...hotelAlertGroup.pages, 'alert-burden'] };
const hotelOrgAdminAlertGroup: MenuGroup = { group: 'alerts', pages: [...hotelAdminAlertGroup.pages, ...orgAlertSettings] };
const careGroup: MenuGroup = { group: 'care', pages: [...carePages, 'opd', 'medical-record'] };
/**
 * A care home's staff also order medicines from their pharmacy (docs/delivery.md): the home keeps
 * the ordering responsibility, so its admins and staff have the pharmacy's page too.
 */
const careHomeGroup: MenuGroup = { group: 'care', pages: [...careGroup.pages, 'medication-delivery', 'handover'] };
/** The member-care area's physiological standards sit with the readings they judge. */
const vitalGroup: MenuGroup = { group: 'vitals', pages: ['standerd', ...vitalPages] };
const logGroup: MenuGroup = { group: 'logs', pages: ['change-log-staff', 'change-log-member'] };
/** An organisation's admin also reads its audit trail: who read or changed which member's data. */
const adminLogGroup: MenuGroup = { group: 'logs', pages: [...logGroup.pages, 'audit'] };

/**
 * SPEC §2: "area admins of orgs and all hospital and clinic roles share one table". One menu for
 * the five roles: the second administrator-like group with the care-staff-like group (which keeps
 * both change logs and the 4G watch list). Each role's route table is this menu less the pages its
 * work does not need (`sharedTableOmits`); the sidebar shows a user only the pages of their table.
 */
const sharedTableMenu: readonly MenuGroup[] = [
  adminGroup(false),
  { group: 'members', pages: ['member', 'wall', 'member-device', 'member-device-chylyng', 'device-chylyng', 'device-real-time', 'device-sleep-history', 'medical-state-log'] },
  orgAdminAlertGroup,
  careHomeGroup,
  vitalGroup,
  adminLogGroup,
];
/** Administration of an area's 4G watches is on the IoT devices page; their list is the doctors'. */
const sharedTableAdminOmits: readonly PageKey[] = ['device-chylyng'];
/** Doctors treat patients: the organisation's areas, staff, roles, devices and alert tuning are the admins'. */
const sharedTableDoctorOmits: readonly PageKey[] = ['area', 'staff', 'role', 'member-device-chylyng', 'alert-burden', ...orgAlertSettings, 'audit'];
/** Medication delivery and shift handover are a care home's (docs/delivery.md, docs/handover.md). */
const careHomeOnly: readonly PageKey[] = ['medication-delivery', 'handover'];
const sharedTableOmits: Partial<Record<StaffRole, readonly PageKey[]>> = {
  // The audit trail is the organisation's; an area admin's scope is one area.
  [Role.orgAreaAdmin]: [...sharedTableAdminOmits, 'audit', ...orgAlertSettings],
  [Role.hospitalAdmin]: [...sharedTableAdminOmits, ...careHomeOnly],
  [Role.hospitalDoctor]: [...sharedTableDoctorOmits, ...careHomeOnly],
  [Role.clinicAdmin]: [...sharedTableAdminOmits, ...careHomeOnly],
  [Role.clinicDoctor]: [...sharedTableDoctorOmits, ...careHomeOnly],
};

/** Security companies watch their members through 4G location watches. */
const guardMemberGroup: MenuGroup = { group: 'members', pages: ['member', 'wall', 'device-chylyng', 'device-real-time'] };
/** Hotels watch their guests' rooms: the sleep sensors' history and the live wall. */
const hotelMemberGroup: MenuGroup = { group: 'members', pages: ['member', 'wall', 'device-sleep-history'] };

/**
 * SPEC §2 route groups per role, as sidebar groups. Roles sharing a table in SPEC share one menu
 * here: org area admins with every hospital and clinic role; guard roles mirror the admin groups.
 */
export const roleMenu: Record<StaffRole, readonly MenuGroup[]> = {
  [Role.engineer]: [
    // The off-console channels' settings are server-wide: the operator level keeps them.
    { group: 'system', pages: ['feature', 'sidebar', 'api', 'role', 'notify-settings'] },
    { group: 'members', pages: ['member'] },
  ],
  [Role.manager]: [
    { group: 'organisation', pages: ['org', 'org-relation', 'role', 'temprole', 'audit', 'notify-settings'] },
    { group: 'members', pages: ['member', 'member-device', 'member-device-chylyng'] },
  ],
  [Role.orgAdmin]: [adminGroup(true), memberGroup, orgAdminAlertGroup, careHomeGroup, vitalGroup, adminLogGroup],
  [Role.orgAreaAdmin]: sharedTableMenu,
  // SPEC's care-staff-like group lists both change logs.
  [Role.orgStaff]: [staffMemberGroup, alertGroup, careHomeGroup, vitalGroup, logGroup],
  // Guards watch the residents: the live wall, where each worn device is and whether it is on, and the alerts they answer.
  [Role.orgGuard]: [{ group: 'members', pages: ['member', 'wall', 'device-real-time', 'device-sleep-history'] }, alertGroup],
  [Role.pharmacyAdmin]: [{ group: 'pharmacy', pages: ['medication-delivery', 'area', 'staff', 'audit'] }],
  [Role.pharmacyStaff]: [{ group: 'pharmacy', pages: ['medication-delivery'] }],
  [Role.hospitalAdmin]: sharedTableMenu,
  [Role.hospitalDoctor]: sharedTableMenu,
  [Role.clinicAdmin]: sharedTableMenu,
  [Role.clinicDoctor]: sharedTableMenu,
  [Role.hotelAdmin]: [adminGroup(true), hotelMemberGroup, hotelOrgAdminAlertGroup, adminLogGroup],
  [Role.hotelAreaAdmin]: [adminGroup(false), hotelMemberGroup, hotelAdminAlertGroup],
  [Role.guardAdmin]: [adminGroup(true), guardMemberGroup, orgAdminAlertGroup, { group: 'logs', pages: ['audit'] }],
  [Role.guardAreaAdmin]: [adminGroup(false), guardMemberGroup, adminAlertGroup],
  [Role.guardStaff]: [guardMemberGroup, alertGroup],
  // Aides work the shifts too, so they give and take handovers (docs/handover.md, Permissions).
  [Role.nursingAide]: [{ group: 'members', pages: ['member', 'device-sleep-history'] }, { group: 'care', pages: [...careGroup.pages, 'handover'] }, vitalGroup],
};

/** Where `/` leads for each role: its landing page (SPEC §2's redirects), `home` if none. */
export const roleLandingPage: Record<StaffRole, PageKey> = {
  [Role.engineer]: 'feature',
  [Role.manager]: 'org',
  [Role.orgAdmin]: 'home',
  [Role.orgAreaAdmin]: 'home',
  [Role.orgStaff]: 'home',
  [Role.orgGuard]: 'home',
  [Role.pharmacyAdmin]: 'medication-delivery',
  [Role.pharmacyStaff]: 'medication-delivery',
  [Role.hospitalAdmin]: 'home',
  [Role.hospitalDoctor]: 'home',
  [Role.clinicAdmin]: 'home',
  [Role.clinicDoctor]: 'home',
  [Role.hotelAdmin]: 'home',
  [Role.hotelAreaAdmin]: 'home',
  [Role.guardAdmin]: 'home',
  [Role.guardAreaAdmin]: 'home',
  [Role.guardStaff]: 'home',
  [Role.nursingAide]: 'member',
};

/** Pages every signed-in role has, whether or not the sidebar lists them. */
export const commonPages: readonly PageKey[] = ['home', 'personal', 'pass-modify', 'second-factor', 'sessions'];

/**
 * SPEC §2 wearable device pages: opened from a member's watch (never from the sidebar), in the
 * feature and org areas (engineer, manager) and for every role that reads vital signs.
 */
export const wearablePages = [
  'wearable-device-B10',
  'wearable-device-B20',
  'wearable-device-G15',
  'wearable-device-H20',
] as const satisfies readonly PageKey[];

function hasWearablePages(role: StaffRole): boolean {
  return role === Role.engineer || role === Role.manager || roleMenu[role].some((g) => g.pages.includes('heartrate'));
}

/** A role's route table: the common pages, its menu's pages (less those its shared table omits for it), the wearable pages. */
export function rolePages(role: StaffRole): PageKey[] {
  const pages = new Set<PageKey>(commonPages);
  const omitted = new Set(sharedTableOmits[role] ?? []);
  for (const g of roleMenu[role]) for (const p of g.pages) if (!omitted.has(p)) pages.add(p);
  if (hasWearablePages(role)) for (const p of wearablePages) pages.add(p);
  return [...pages];
}

/** The default sidebar tree stored for a role (SPEC §3 shape); i18n keys live under `menu.*`. */
export function defaultSidebar(role: StaffRole): SidebarItem[] {
  return roleMenu[role].map((g) =>
    g.pages.length === 1
      ? page(g.pages[0])
      : { path: '', i18n: `menu.group.${g.group}`, type: 0 as const, name: g.group, lower: g.pages.map(page) },
  );
}

function page(key: PageKey): SidebarItem {
  return { path: `/${key}`, i18n: `menu.${key}`, type: 1, name: key, lower: [] };
}
