import { eq, ilike, sql } from 'drizzle-orm';
import { medicalStateLogListQuery, medicalStateLogRow } from '@vigil/contracts';
import { areas, medicalStateLogs, members, staff } from '../../db/schema/index.ts';
import { defineResource } from '../../resources/define.ts';
import { containsPattern, unix } from '../../resources/rows.ts';

/**
 * /medical/user: the medical-state log, read-only (PATCH /user/state/{id} writes it). Scoped by the
 * member's current organisation and area.
 */
export const medicalStateRoutes = defineResource({
  path: '/medical/user',
  tag: 'user',
  table: medicalStateLogs,
  fields: {
    id: medicalStateLogs.id,
    orgId: medicalStateLogs.orgId,
    memberId: medicalStateLogs.memberId,
    memberName: members.name,
    areaId: members.areaId,
    areaName: sql<string | null>`(select ${areas.name} from ${areas} where ${areas.id} = ${members.areaId})`,
    previousState: medicalStateLogs.previousState,
    state: medicalStateLogs.state,
    remark: medicalStateLogs.remark,
    operatorId: medicalStateLogs.operatorId,
    operatorName: sql<string | null>`(select ${staff.name} from ${staff} where ${staff.id} = ${medicalStateLogs.operatorId})`,
    createdAt: medicalStateLogs.createdAt,
  },
  joins: [{ table: members, on: eq(members.id, medicalStateLogs.memberId) }],
  rowSchema: medicalStateLogRow,
  toRow: (r) => ({
    id: r.id,
    org_id: r.orgId,
    member_id: r.memberId,
    member_name: r.memberName,
    area_id: r.areaId,
    area_name: r.areaName,
    previous_state: r.previousState,
    state: r.state,
    remark: r.remark,
    operator_id: r.operatorId,
    operator_name: r.operatorName,
    created_at: unix(r.createdAt),
    updated_at: unix(r.createdAt),
  }),
  listQuery: medicalStateLogListQuery,
  scope: { org: members.orgId, area: members.areaId },
  filters: {
    user_id: (v) => eq(medicalStateLogs.memberId, v),
    state: (v) => eq(medicalStateLogs.state, v),
    keyword: (v) => ilike(members.name, containsPattern(v)),
  },
  operations: ['list', 'detail'],
});
