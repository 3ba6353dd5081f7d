import { eq, inArray } from 'drizzle-orm';
import { guardRoles, roleLabelKey, roleListQuery, roleOrgType, roleRow, roleUpdate, staffRoles, type OrgType, type StaffRole } from '@vigil/contracts';
import { apiGroups, roles } from '../../db/schema/index.ts';
import { isOperator } from '../../auth/scope.ts';
import { forbidden } from '../../http/errors.ts';
import { defineResource } from '../../resources/define.ts';
import { unix } from '../../resources/rows.ts';

/**
 * /role: the 18 SPEC §6 roles and the API group each currently uses. Switching a role's group
 * changes what every holder may do from their next request (the guard reads groups per request).
 * Roles are global, so only operators switch them, whatever pairs a group holds.
 */
export const roleRoutes = defineResource({
  path: '/role',
  table: roles,
  fields: {
    id: roles.id,
    apiGroupId: roles.apiGroupId,
    apiGroupName: apiGroups.name,
    createdAt: roles.createdAt,
    updatedAt: roles.updatedAt,
  },
  joins: [{ table: apiGroups, on: eq(apiGroups.id, roles.apiGroupId) }],
  rowSchema: roleRow,
  toRow: (r) => {
    const role = r.id as StaffRole;
    return {
      id: role,
      i18n: roleLabelKey[role],
      org_type: roleOrgType[role],
      is_guard: guardRoles.has(role),
      api_group_id: r.apiGroupId,
      api_group_name: r.apiGroupName,
      created_at: unix(r.createdAt),
      updated_at: unix(r.updatedAt),
    };
  },
  updateSchema: roleUpdate,
  listQuery: roleListQuery,
  toUpdate: (body) => ({ ...(body.api_group_id !== undefined && { apiGroupId: body.api_group_id }) }),
  filters: {
    type: (v) => inArray(roles.id, staffRoles.filter((r) => roleOrgType[r] === (v as OrgType))),
  },
  operations: ['list', 'detail', 'put', 'patch'],
  beforeWrite: ({ principal }) => {
    if (!isOperator(principal)) throw forbidden();
  },
});
