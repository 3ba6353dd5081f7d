import { type HttpMethod, Resource } from '@vigil/contracts';

type Pair = { method: HttpMethod; route: string };

/**
 * The permission pair the server checks for each call that is not plain CRUD (docs/admin-api.md):
 * such calls are part of editing their resource, so they share its update pair rather than having
 * one of their own. Buttons must check the same pair, or they would be disabled for everyone.
 */
export const actionPermission = {
  /** PATCH /staff/password/{id} */
  staffPassword: { method: 'PATCH', route: `${Resource.staff}/{id}` },
  /** DELETE /staff/session/{id}: ending every session of a staff member */
  staffSessions: { method: 'PATCH', route: `${Resource.staff}/{id}` },
  /** PATCH /user/follow/{id}, PATCH /user/state/{id} */
  memberFollow: { method: 'PATCH', route: `${Resource.user}/{id}` },
  memberState: { method: 'PATCH', route: `${Resource.user}/{id}` },
  /** PUT /user/standard/{id} */
  memberStandard: { method: 'PUT', route: `${Resource.user}/{id}` },
  /** POST /device/bind/{id}/bind, /device/bind/{id}/unbind, /device/bind/key/{id} */
  deviceBind: { method: 'PATCH', route: `${Resource.deviceBind}/{id}` },
  deviceUnbind: { method: 'PATCH', route: `${Resource.deviceBind}/{id}` },
  deviceKey: { method: 'PATCH', route: `${Resource.deviceBind}/{id}` },
} as const satisfies Record<string, Pair>;
