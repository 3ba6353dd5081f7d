import {
  type RealtimeRoom,
  Role,
  type StaffRole,
  areaScopedRoles,
  bellHiddenRoles,
  operatorRoles,
} from '@vigil/contracts';
import type { Db } from '../db/client.ts';
import { type RoutableAlert, loadRouting, receivingRelations, routedRoles } from '../alerts/routing.ts';

/**
 * Socket.IO room names. Every broadcast goes to rooms, never to the namespace, so an event can only
 * reach sockets that joined a room of the organisation or area it belongs to. Kept as plain string
 * builders so the server, the Redis adapter (which forwards room names) and the tests agree.
 */
export const room = {
  staff: (staffId: number) => `staff:${staffId}`,
  /** Abnormal viewers of a whole organisation (own org-wide staff and related-org grantees). */
  abnormalOrg: (orgId: number) => `abn:org:${orgId}`,
  /** Abnormal viewers limited to one area (area admins). */
  abnormalArea: (areaId: number) => `abn:area:${areaId}`,
  /**
   * New and handled alerts, by who may act on them (alerts/routing.ts): staff of `viewerOrgId` in
   * `role` who watch `alertOrgId`'s alerts organisation-wide (its own staff, or a related
   * organisation's), and area admins in `role` of one area. The organisation and area rooms above
   * then carry only the snooze changes.
   */
  actOrg: (alertOrgId: number, viewerOrgId: number, role: StaffRole) =>
    `act:org:${alertOrgId}:${viewerOrgId}:${role}`,
  actArea: (areaId: number, role: StaffRole) => `act:area:${areaId}:${role}`,
  /** Operators with GET /abnormal: every organisation. */
  abnormalAll: 'abn:all',
  /** Escalation recipients: organisation admins of an org, area admins of an area. */
  escalationOrg: (orgId: number) => `esc:org:${orgId}`,
  escalationArea: (areaId: number) => `esc:area:${areaId}`,
  /** Medication delivery orders of an organisation (care home or pharmacy), or of a care area. */
  deliveryOrg: (orgId: number) => `dlv:org:${orgId}`,
  deliveryArea: (areaId: number) => `dlv:area:${areaId}`,
  /** Live device data of one SPEC device room, per organisation or per area. */
  liveOrg: (name: RealtimeRoom, orgId: number) => `live:${name}:org:${orgId}`,
  liveArea: (name: RealtimeRoom, areaId: number) => `live:${name}:area:${areaId}`,
} as const;

/** What the realtime layer knows about a connected staff member. */
export type SocketPrincipal = {
  staffId: number;
  role: StaffRole;
  orgId: number;
  areaId: number | null;
  /** May GET /abnormal (from the API group the sign-in resolved). */
  canListAbnormal: boolean;
  /** Care organisations whose relation grants this organisation their abnormal events. */
  abnormalGrantOrgIds: readonly number[];
  /** May GET /delivery/medicine: receives the orders of its organisation (area roles: area). */
  canListDelivery: boolean;
};

/** Roles that administer a whole organisation: escalations of that organisation reach them. */
export const orgAdminRoles: ReadonlySet<StaffRole> = new Set<StaffRole>([
  Role.orgAdmin,
  Role.hospitalAdmin,
  Role.clinicAdmin,
  Role.hotelAdmin,
  Role.guardAdmin,
]);

/** A role limited to one area sees that area only; without an area it sees nothing area-bound. */
export function isAreaScoped(p: Pick<SocketPrincipal, 'role'>): boolean {
  return areaScopedRoles.has(p.role);
}

/**
 * SPEC §6: the bell roles receive abnormal events only with GET /abnormal; the bell-hidden roles
 * (engineer, manager, pharmacy, nursing aide) receive them too if an operator granted them the
 * route, because the permission list, not the role, is what the server enforces.
 */
export function receivesAbnormal(p: SocketPrincipal): boolean {
  return p.canListAbnormal;
}

/** Whether the top bar shows the bell for this role (contracts `bellHiddenRoles`). */
export function showsBell(role: StaffRole): boolean {
  return !bellHiddenRoles.has(role);
}

/** The rooms a socket joins when its connection is accepted. */
export function principalRooms(p: SocketPrincipal): string[] {
  const rooms = [room.staff(p.staffId), ...deliveryRooms(p)];
  if (!receivesAbnormal(p)) return rooms;
  if (operatorRoles.has(p.role)) {
    rooms.push(room.abnormalAll);
    return rooms;
  }
  if (isAreaScoped(p)) {
    if (p.areaId !== null)
      rooms.push(room.abnormalArea(p.areaId), room.escalationArea(p.areaId), room.actArea(p.areaId, p.role));
    return rooms;
  }
  rooms.push(room.abnormalOrg(p.orgId), room.actOrg(p.orgId, p.orgId, p.role));
  for (const orgId of p.abnormalGrantOrgIds)
    rooms.push(room.abnormalOrg(orgId), room.actOrg(orgId, p.orgId, p.role));
  if (orgAdminRoles.has(p.role)) rooms.push(room.escalationOrg(p.orgId));
  return rooms;
}

/** Delivery order rooms: organisation-wide, or the area for area-scoped roles; operators read the list instead. */
function deliveryRooms(p: SocketPrincipal): string[] {
  if (!p.canListDelivery || operatorRoles.has(p.role)) return [];
  if (isAreaScoped(p)) return p.areaId === null ? [] : [room.deliveryArea(p.areaId)];
  return [room.deliveryOrg(p.orgId)];
}

/** Where a delivery order's news goes: the care organisation (and the member's area) and the pharmacy. */
export function deliveryTargets(orgId: number, areaId: number | null, pharmacyOrgId: number): string[] {
  const rooms = [room.deliveryOrg(orgId), room.deliveryOrg(pharmacyOrgId)];
  if (areaId !== null) rooms.push(room.deliveryArea(areaId));
  return rooms;
}

/** The rooms of a device room for this principal (joined on `join_realtime_room`). */
export function liveRooms(p: SocketPrincipal, name: RealtimeRoom): string[] {
  if (isAreaScoped(p)) return p.areaId === null ? [] : [room.liveArea(name, p.areaId)];
  return [room.liveOrg(name, p.orgId)];
}

/**
 * Where an abnormal event (or its handling) is delivered: the operators, and the rooms of the roles
 * the alert's organisation routes it to (area admins in its area), and of the roles of each related
 * organisation receiving its category, as that organisation routes it.
 */
export async function actionTargets(db: Db, alert: RoutableAlert): Promise<string[]> {
  const rooms: string[] = [room.abnormalAll];
  const source = await loadRouting(db, alert.orgId);
  for (const role of routedRoles(source, alert, true)) {
    if (!areaScopedRoles.has(role)) rooms.push(room.actOrg(alert.orgId, alert.orgId, role));
    else if (alert.areaId !== null) rooms.push(room.actArea(alert.areaId, role));
  }
  for (const relation of receivingRelations(source, alert)) {
    for (const role of routedRoles(await loadRouting(db, relation.relatedOrgId), alert, false)) {
      if (!areaScopedRoles.has(role)) rooms.push(room.actOrg(alert.orgId, relation.relatedOrgId, role));
    }
  }
  return rooms;
}

/** Where a snooze change of an organisation and area is delivered (it names no alert). */
export function abnormalTargets(orgId: number, areaId: number | null): string[] {
  const rooms = [room.abnormalAll, room.abnormalOrg(orgId)];
  if (areaId !== null) rooms.push(room.abnormalArea(areaId));
  return rooms;
}

/** Where an escalation is delivered: the organisation's admins and the area's admins. */
export function escalationTargets(orgId: number, areaId: number | null): string[] {
  const rooms = [room.escalationOrg(orgId)];
  if (areaId !== null) rooms.push(room.escalationArea(areaId));
  return rooms;
}

/** Where live data of a device in an organisation and area is delivered. */
export function liveTargets(name: RealtimeRoom, orgId: number, areaId: number | null): string[] {
  const rooms = [room.liveOrg(name, orgId)];
  if (areaId !== null) rooms.push(room.liveArea(name, areaId));
  return rooms;
}
