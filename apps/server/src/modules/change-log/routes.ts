import type { FastifyInstance } from 'fastify';
import { eq, ilike, or, sql } from 'drizzle-orm';
import { memberChangeLogListQuery, memberChangeLogRow, staffChangeLogListQuery, staffChangeLogRow, type ChangeSnapshot } from '@vigil/contracts';
import { memberChangeLogs, members, staff, staffChangeLogs } from '../../db/schema/index.ts';
import { defineResource } from '../../resources/define.ts';
import { containsPattern, unix } from '../../resources/rows.ts';

const operatorName = (column: typeof staffChangeLogs.operatorId | typeof memberChangeLogs.operatorId) =>
  sql<string | null>`(select o.name from staff o where o.id = ${column})`;

/**
 * /change/staff: the staff change log (enable 0, role 1, area 2), read-only. Rows are scoped by the
 * log's organisation and the staff member's current area, so an area admin sees their area's staff.
 */
const staffChangeRoutes = defineResource({
  path: '/change/staff',
  tag: 'change-log',
  table: staffChangeLogs,
  fields: {
    id: staffChangeLogs.id,
    orgId: staffChangeLogs.orgId,
    staffId: staffChangeLogs.staffId,
    staffName: staff.name,
    staffAccount: staff.account,
    areaId: staff.areaId,
    kind: staffChangeLogs.kind,
    before: staffChangeLogs.before,
    after: staffChangeLogs.after,
    operatorId: staffChangeLogs.operatorId,
    operatorName: operatorName(staffChangeLogs.operatorId),
    createdAt: staffChangeLogs.createdAt,
  },
  joins: [{ table: staff, on: eq(staff.id, staffChangeLogs.staffId) }],
  rowSchema: staffChangeLogRow,
  toRow: (r) => ({
    id: r.id,
    org_id: r.orgId,
    staff_id: r.staffId,
    staff_name: r.staffName,
    staff_account: r.staffAccount,
    area_id: r.areaId,
    kind: r.kind,
    before: r.before as ChangeSnapshot,
    after: r.after as ChangeSnapshot,
    operator_id: r.operatorId,
    operator_name: r.operatorName,
    created_at: unix(r.createdAt),
    updated_at: unix(r.createdAt),
  }),
  listQuery: staffChangeLogListQuery,
  scope: { org: staffChangeLogs.orgId, area: staff.areaId },
  filters: {
    type: (v) => eq(staffChangeLogs.kind, v),
    user_id: (v) => eq(staffChangeLogs.staffId, v),
    keyword: (v) => or(ilike(staff.name, containsPattern(v)), ilike(staff.account, containsPattern(v))),
  },
  operations: ['list', 'detail'],
});

/** /change/user: the member change log (removed 0, area 1, status 2, organisation 3), read-only. */
const memberChangeRoutes = defineResource({
  path: '/change/user',
  tag: 'change-log',
  table: memberChangeLogs,
  fields: {
    id: memberChangeLogs.id,
    orgId: memberChangeLogs.orgId,
    memberId: memberChangeLogs.memberId,
    memberName: members.name,
    areaId: members.areaId,
    status: memberChangeLogs.status,
    before: memberChangeLogs.before,
    after: memberChangeLogs.after,
    operatorId: memberChangeLogs.operatorId,
    operatorName: operatorName(memberChangeLogs.operatorId),
    createdAt: memberChangeLogs.createdAt,
  },
  joins: [{ table: members, on: eq(members.id, memberChangeLogs.memberId) }],
  rowSchema: memberChangeLogRow,
  toRow: (r) => ({
    id: r.id,
    org_id: r.orgId,
    member_id: r.memberId,
    member_name: r.memberName,
    area_id: r.areaId,
    status: r.status,
    before: r.before as ChangeSnapshot,
    after: r.after as ChangeSnapshot,
    operator_id: r.operatorId,
    operator_name: r.operatorName,
    created_at: unix(r.createdAt),
    updated_at: unix(r.createdAt),
  }),
  listQuery: memberChangeLogListQuery,
  // A member moved away stays in the old organisation's log: the log's org, not the member's, scopes it.
  scope: { org: memberChangeLogs.orgId, area: members.areaId },
  filters: {
    type: (v) => eq(memberChangeLogs.status, v),
    user_id: (v) => eq(memberChangeLogs.memberId, v),
    keyword: (v) => ilike(members.name, containsPattern(v)),
  },
  operations: ['list', 'detail'],
});

export async function changeLogRoutes(app: FastifyInstance): Promise<void> {
  await app.register(staffChangeRoutes);
  await app.register(memberChangeRoutes);
}
