import { labelKeys } from './label-key.ts';
import {
  AbnormalCategory,
  AbnormalType,
  type AlertPriority,
  abnormalTypeMeta,
  abnormalTypePriority,
  abnormalTypes,
} from './abnormal.ts';
import { OrgType, Role, type StaffRole, roleOrgType } from './roles.ts';

/**
 * Who can act on an alert (docs/alert-rules.md "Routing"): SPEC's five abnormal categories say what
 * was measured, not who answers it, so routing groups the types by the people who respond. A guard
 * answers an SOS but not a blood sugar; a nurse answers both; whoever keeps the devices answers a
 * flat battery.
 */
export const AlertRouteCategory = {
  /** The body: vital signs, ECG, pain, late doses, sleep and presence in bed, signals not measured. */
  clinical: 'clinical',
  /** A person in danger: SOS, falls, a call for help, intrusion, a stay, leaving the safe zone. */
  safety: 'safety',
  /** The room: air quality and a hot room (fire and smoke show here first). */
  environment: 'environment',
  /** The equipment: a device offline or with a low battery. */
  device: 'device',
} as const;
export type AlertRouteCategory = (typeof AlertRouteCategory)[keyof typeof AlertRouteCategory];
export const alertRouteCategories = Object.values(AlertRouteCategory) as AlertRouteCategory[];
export const alertRouteCategoryLabelKey = labelKeys('alertRouteCategory', AlertRouteCategory);

const environmentTypes: ReadonlySet<number> = new Set<number>([
  AbnormalType.temperatureHigh,
  ...abnormalTypes.filter((t) => t >= AbnormalType.airPm25Moderate && t <= AbnormalType.airCoHazardous),
]);

/** The routing category of an alert type (unknown types are clinical: a person reads them). */
export function alertRouteCategory(type: number): AlertRouteCategory {
  if (environmentTypes.has(type)) return AlertRouteCategory.environment;
  const meta = abnormalTypeMeta[type as AbnormalType];
  if (!meta) return AlertRouteCategory.clinical;
  if (meta.category === AbnormalCategory.sos || meta.category === AbnormalCategory.fall)
    return AlertRouteCategory.safety;
  if (meta.category === AbnormalCategory.deviceIssue) return AlertRouteCategory.device;
  return AlertRouteCategory.clinical;
}

/** The alert types of one routing category. */
export function alertTypesOfRoute(category: AlertRouteCategory): number[] {
  return abnormalTypes.filter((t) => alertRouteCategory(t) === category);
}

/**
 * One routing rule: alerts of `category` whose priority is one of `priorities` go to staff of the
 * organisation holding one of `roles`, in one of `area_ids` (empty: every area; an alert placed in
 * no area matches any rule of its category).
 */
export type AlertRoutingRule = {
  category: AlertRouteCategory;
  roles: StaffRole[];
  priorities: AlertPriority[];
  area_ids: number[];
};

const allPriorities: AlertPriority[] = ['high', 'medium', 'low'];

/** Roles that look after the people: nurses, aides, doctors, and the admins who run the ward. */
const careRoles: StaffRole[] = [
  Role.orgAdmin,
  Role.orgAreaAdmin,
  Role.orgStaff,
  Role.nursingAide,
  Role.hospitalAdmin,
  Role.hospitalDoctor,
  Role.clinicAdmin,
  Role.clinicDoctor,
  Role.hotelAdmin,
  Role.hotelAreaAdmin,
];
/** Roles that guard the premises: a care home's own guard and a security company's staff. */
const guardingRoles: StaffRole[] = [Role.orgGuard, Role.guardAdmin, Role.guardAreaAdmin, Role.guardStaff];
/** Roles that register, bind and replace devices (the device pages are theirs to write). */
const deviceKeepers: StaffRole[] = [
  Role.orgAdmin,
  Role.orgAreaAdmin,
  Role.hospitalAdmin,
  Role.clinicAdmin,
  Role.hotelAdmin,
  Role.hotelAreaAdmin,
  Role.guardAdmin,
  Role.guardAreaAdmin,
];

/**
 * The rules an organisation has until its admin saves its own (docs/alert-rules.md "Routing"),
 * limited to the roles its type can hold:
 * - clinical alerts to the care roles (a guard cannot treat a blood sugar);
 * - safety alerts to the care roles and the guards (whoever is nearest runs);
 * - the room's air to the care roles, its dangerous (high-priority) levels to the guards too;
 * - device issues to whoever keeps the devices.
 */
export function defaultAlertRouting(orgType: OrgType): AlertRoutingRule[] {
  const own = (roles: StaffRole[]) => roles.filter((r) => roleOrgType[r] === orgType);
  const rules: AlertRoutingRule[] = [
    { category: AlertRouteCategory.clinical, roles: own(careRoles), priorities: allPriorities, area_ids: [] },
    {
      category: AlertRouteCategory.safety,
      roles: own([...careRoles, ...guardingRoles]),
      priorities: allPriorities,
      area_ids: [],
    },
    {
      category: AlertRouteCategory.environment,
      roles: own(careRoles),
      priorities: allPriorities,
      area_ids: [],
    },
    {
      category: AlertRouteCategory.environment,
      roles: own(guardingRoles),
      priorities: ['high'],
      area_ids: [],
    },
    {
      category: AlertRouteCategory.device,
      roles: own(deviceKeepers),
      priorities: allPriorities,
      area_ids: [],
    },
  ];
  return rules.filter((r) => r.roles.length > 0);
}

/**
 * The categories a related organisation receives until the care organisation names them: a
 * security company the safety and environment alerts, a hospital or clinic the clinical ones,
 * any other relation all of them (as before routing existed).
 */
export function defaultRelationCategories(related: {
  type: OrgType;
  isGuard: boolean;
}): AlertRouteCategory[] {
  if (related.isGuard) return [AlertRouteCategory.safety, AlertRouteCategory.environment];
  if (related.type === OrgType.hospital || related.type === OrgType.clinic)
    return [AlertRouteCategory.clinical];
  return [...alertRouteCategories];
}

/** Whether a rule routes an alert of this type, priority and area to this role. */
export function ruleRoutes(
  rule: AlertRoutingRule,
  alert: { type: number; areaId: number | null },
  role: StaffRole,
  checkArea: boolean,
): boolean {
  if (rule.category !== alertRouteCategory(alert.type) || !rule.roles.includes(role)) return false;
  if (!rule.priorities.includes(abnormalTypePriority(alert.type))) return false;
  return (
    !checkArea || rule.area_ids.length === 0 || alert.areaId === null || rule.area_ids.includes(alert.areaId)
  );
}
