import { and, eq, gt, ilike, lte, not, or, sql } from 'drizzle-orm';
import { tempRoleCreate, tempRoleListQuery, tempRoleRow, type StaffRole } from '@vigil/contracts';
import { orgs, staff, tempRoles } from '../../db/schema/index.ts';
import { scopeCondition } from '../../auth/scope.ts';
import { forbidden, notFound } from '../../http/errors.ts';
import { defineResource } from '../../resources/define.ts';
import { containsPattern, unix } from '../../resources/rows.ts';
import { checkRole, mayHandleRole } from '../staff/roles.ts';

const granter = sql<string | null>`(select g.name from staff g where g.id = ${tempRoles.grantedBy})`;
const activeNow = and(lte(tempRoles.startsAt, sql`now()`), gt(tempRoles.expiresAt, sql`now()`))!;

/**
 * /temp/role: a staff member acting in another role until an expiry (≤ 90 days). While in force the
 * role's API group and sidebar add to the member's own — the guard and sign-in read them per
 * request, so a grant or its deletion applies at once. Scoped through the staff member.
 */
export const tempRoleRoutes = defineResource({
  path: '/temp/role',
  tag: 'role',
  table: tempRoles,
  fields: {
    id: tempRoles.id,
    staffId: tempRoles.staffId,
    staffName: staff.name,
    staffAccount: staff.account,
    staffRole: staff.role,
    orgId: staff.orgId,
    orgName: orgs.name,
    areaId: staff.areaId,
    role: tempRoles.role,
    startsAt: tempRoles.startsAt,
    expiresAt: tempRoles.expiresAt,
    active: sql<boolean>`${activeNow}`,
    grantedByName: granter,
    remark: tempRoles.remark,
    createdAt: tempRoles.createdAt,
    updatedAt: tempRoles.updatedAt,
  },
  joins: [
    { table: staff, on: eq(staff.id, tempRoles.staffId) },
    { table: orgs, on: eq(orgs.id, staff.orgId) },
  ],
  rowSchema: tempRoleRow,
  toRow: (r) => ({
    id: r.id,
    staff_id: r.staffId,
    staff_name: r.staffName,
    staff_account: r.staffAccount,
    org_id: r.orgId,
    org_name: r.orgName,
    area_id: r.areaId,
    staff_role: r.staffRole,
    role: r.role,
    starts_at: unix(r.startsAt),
    expires_at: unix(r.expiresAt),
    active: Boolean(r.active),
    granted_by_name: r.grantedByName,
    remark: r.remark,
    created_at: unix(r.createdAt),
    updated_at: unix(r.updatedAt),
  }),
  createSchema: tempRoleCreate,
  listQuery: tempRoleListQuery,
  scope: { org: staff.orgId, area: staff.areaId },
  toInsert: (body) => ({
    staffId: body.staff_id,
    role: body.role,
    startsAt: new Date((body.starts_at ?? Math.floor(Date.now() / 1000)) * 1000),
    expiresAt: new Date(body.expires_at * 1000),
    remark: body.remark || null,
  }),
  filters: {
    user_id: (v) => eq(tempRoles.staffId, v),
    role_id: (v) => eq(tempRoles.role, v),
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
