import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { staffChangeLogResource, memberChangeLogResource, recordChangeResource } from '@vigil/contracts';
import { memberChangeLogs, members, recordChanges, staff, staffChangeLogs } from '../../../db/schema/index.ts';
import { defineResource } from '../../../resources/define.ts';
import { loggedBy, readOnly } from '../../../resources/logs.ts';
import { memberName } from '../../../resources/names.ts';
import { matchesAny } from '../../../resources/rows.ts';

/**
 * /change/staff: the staff change log (enable 0, role 1, area 2), read-only. Rows are scoped by the
 * log's organisation and the staff member's current area, so an area admin sees their area's staff.
 */
const staffChangeRoutes = defineResource({
  resource: staffChangeLogResource,
  tag: 'change-log',
  table: staffChangeLogs,
  wire: {
    staff_name: staff.name,
    staff_account: staff.account,
    area_id: staff.areaId,
    ...loggedBy({ operator: staffChangeLogs.operatorId, createdAt: staffChangeLogs.createdAt }),
  },
  joins: [{ table: staff, on: eq(staff.id, staffChangeLogs.staffId) }],
  scope: { org: staffChangeLogs.orgId, area: staff.areaId },
  filters: {
    type: (v) => eq(staffChangeLogs.kind, v),
    user_id: (v) => eq(staffChangeLogs.staffId, v),
    keyword: matchesAny(staff.name, staff.account),
  },
  operations: readOnly,
});

/** /change/user: the member change log (removed 0, area 1, status 2, organisation 3), read-only. */
const memberChangeRoutes = defineResource({
  resource: memberChangeLogResource,
  tag: 'change-log',
  table: memberChangeLogs,
  wire: {
    member_name: members.name,
    area_id: members.areaId,
    ...loggedBy({ operator: memberChangeLogs.operatorId, createdAt: memberChangeLogs.createdAt }),
  },
  joins: [{ table: members, on: eq(members.id, memberChangeLogs.memberId) }],
  // A member moved away stays in the old organisation's log: the log's org, not the member's, scopes it.
  scope: { org: memberChangeLogs.orgId, area: members.areaId },
  filters: {
    type: (v) => eq(memberChangeLogs.status, v),
    user_id: (v) => eq(memberChangeLogs.memberId, v),
    keyword: matchesAny(members.name),
  },
  operations: readOnly,
});

/**
 * /change/record: the history of every resource that opts into it (`history` in its definition),
 * read-only. Scoped by the organisation and area the record had when it was written, so a record
 * moved away stays in the history of where it was.
 */
const recordChangeRoutes = defineResource({
  resource: recordChangeResource,
  tag: 'change-log',
  table: recordChanges,
  wire: {
    member_name: memberName(recordChanges.memberId),
    ...loggedBy({ operator: recordChanges.staffId, createdAt: recordChanges.createdAt }),
  },
  scope: { org: recordChanges.orgId, area: recordChanges.areaId },
  filters: {
    resource: (v) => eq(recordChanges.resource, v),
    record_id: (v) => eq(recordChanges.recordId, v),
    user_id: (v) => eq(recordChanges.memberId, v),
  },
  operations: readOnly,
});

export async function changeLogRoutes(app: FastifyInstance): Promise<void> {
  await app.register(staffChangeRoutes);
  await app.register(memberChangeRoutes);
  await app.register(recordChangeRoutes);
}
