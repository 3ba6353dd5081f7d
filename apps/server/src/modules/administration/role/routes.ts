import { eq, inArray } from 'drizzle-orm';
import { guardRoles, roleLabelKey, roleResource, roleOrgType, staffRoles, type OrgType, type StaffRole } from '@vigil/contracts';
import { apiGroups, roles } from '../../../db/schema/index.ts';
import type { Principal } from '../../../auth/principal.ts';
import { isOperator } from '../../../auth/scope.ts';
import { forbidden } from '../../../http/errors.ts';
import { defineResource } from '../../../resources/define.ts';
import { mapped } from '../../../resources/wire.ts';
import { mayHandleRole } from '../staff/roles.ts';

/**
 * The roles an organisation's admin sees on the role page: those of their own kind of organisation
 * (a security company's are the guard roles) that they may give their staff, so an area admin
 * sees the area admin's role and the staff roles below it, never the organisation admin's.
 */
function visibleRoles(p: Principal): StaffRole[] {
  const guard = guardRoles.has(p.role);
  return staffRoles.filter((r) => roleOrgType[r] === p.orgType && guardRoles.has(r) === guard && mayHandleRole(p, r));
}

/**
 * /role: the 18 SPEC §6 roles and the API group each currently uses. Switching a role's group
 * changes what every holder may do from their next request (the guard reads groups per request).
 * Roles are global, so only operators switch them, whatever pairs a group holds; anyone else reads
 * only `visibleRoles` (another role is -7, as a row outside one's scope always is).
 */
export const roleRoutes = defineResource({
  resource: roleResource,
  table: roles,
  // A role's label, organisation type and guard flag are contracts' constants, read from its id.
  wire: {
    i18n: mapped(roles.id, (id) => roleLabelKey[id as StaffRole]),
    org_type: mapped(roles.id, (id) => roleOrgType[id as StaffRole]),
    is_guard: mapped(roles.id, (id) => guardRoles.has(id as StaffRole)),
    api_group_name: apiGroups.name,
  },
  joins: [{ table: apiGroups, on: eq(apiGroups.id, roles.apiGroupId) }],
  toUpdate: (body) => ({ ...(body.api_group_id !== undefined && { apiGroupId: body.api_group_id }) }),
  filters: {
    type: (v) => inArray(roles.id, staffRoles.filter((r) => roleOrgType[r] === (v as OrgType))),
    // SPEC §3 router: the role number, as sign-in answers it.
    router: (v) => eq(roles.id, v),
  },
  restrict: (principal) => (isOperator(principal) ? undefined : inArray(roles.id, visibleRoles(principal))),
  operations: ['list', 'detail', 'put', 'patch'],
  beforeWrite: ({ principal }) => {
    if (!isOperator(principal)) throw forbidden();
  },
});
