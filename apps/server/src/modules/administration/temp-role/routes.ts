import { and, eq, gt, ilike, lte, not, or, sql } from 'drizzle-orm';
import { fromUnix, nowUnix, tempRoleResource, type StaffRole } from '@vigil/contracts';
import { orgs, staff, tempRoles } from '../../../db/schema/index.ts';
import { scopeCondition } from '../../../auth/scope.ts';
import { forbidden, notFound } from '../../../http/errors.ts';
import { defineResource } from '../../../resources/define.ts';
import { containsPattern } from '../../../resources/rows.ts';
import { staffName } from '../../../resources/names.ts';
import { mapped } from '../../../resources/wire.ts';
import { checkRole, mayHandleRole } from '../staff/roles.ts';

const activeNow = and(lte(tempRoles.startsAt, sql`now()`), gt(tempRoles.expiresAt, sql`now()`))!;

/**
 * /temp/role: a staff member acting in another role until an expiry (≤ 90 days). While in force the
 * role's API group and sidebar add to the member's own — the guard and sign-in read them per
 * request, so a grant or its deletion applies at once. Scoped through the staff member.
 */
export const tempRoleRoutes = defineResource({
  resource: tempRoleResource,
  tag: 'role',
  table: tempRoles,
  wire: {
    staff_name: staff.name,
    staff_account: staff.account,
    org_id: staff.orgId,
    org_name: orgs.name,
    area_id: staff.areaId,
    staff_role: staff.role,
    active: mapped(sql<boolean>`${activeNow}`, Boolean),
    granted_by_name: staffName(tempRoles.grantedBy),
  },
  joins: [
    { table: staff, on: eq(staff.id, tempRoles.staffId) },
    { table: orgs, on: eq(orgs.id, staff.orgId) },
  ],
  scope: { org: staff.orgId, area: staff.areaId },
  toInsert: (body) => ({
    staffId: body.staff_id,
    role: body.role,
    startsAt: fromUnix(body.starts_at ?? nowUnix()),
    expiresAt: fromUnix(body.expires_at),
    remark: body.remark || null,
  }),
  filters: {
    user_id: (v) => eq(tempRoles.staffId, v),
    role_id: (v) => eq(tempRoles.role, v),
    // SPEC §3 router: the role number, as sign-in answers it.
    router: (v) => eq(tempRoles.role, v),
    state: (v) => (v === 1 ? activeNow : not(activeNow)),
    keyword: (v) => or(ilike(staff.name, containsPattern(v)), ilike(staff.account, containsPattern(v))),
  },
  dateColumn: tempRoles.startsAt,
  operations: ['list', 'detail', 'create', 'delete'],
  beforeWrite: async ({ tx, principal, action, before, values }) => {
    if (action === 'delete') {
      if (before && !mayHandleRole(principal, before.role as StaffRole)) throw forbidden();
      return;
    }
    const [target] = await tx
      .select({ orgId: staff.orgId, areaId: staff.areaId, role: staff.role })
      .from(staff)
      .where(and(eq(staff.id, values.staffId!), scopeCondition(principal, { org: staff.orgId, area: staff.areaId })));
    if (!target) throw notFound('Staff member not found');
    if (!mayHandleRole(principal, target.role as StaffRole)) throw forbidden();
    await checkRole(tx, principal, values.role as StaffRole, target.orgId, target.areaId);
    return { ...values, grantedBy: principal.staffId };
  },
});
