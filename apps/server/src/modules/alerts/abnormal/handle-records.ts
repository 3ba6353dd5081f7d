import { eq, inArray } from 'drizzle-orm';
import { handleRecordResource } from '@vigil/contracts';
import { abnormalEvents, abnormalHandles } from '../../../db/schema/index.ts';
import { defineResource } from '../../../resources/define.ts';
import { areaName, memberName } from '../../../resources/names.ts';
import { matchesAny } from '../../../resources/rows.ts';
import { time } from '../../../resources/wire.ts';

const handledMember = memberName(abnormalEvents.memberId);

/**
 * GET /handle/abnormal (list and detail): the handling records, read-only here (POST
 * /handle/abnormal records one), scoped through the event they answered.
 */
export const handleRecordRoutes = defineResource({
  resource: handleRecordResource,
  tag: 'abnormal',
  table: abnormalHandles,
  wire: {
    type: abnormalEvents.type,
    occur_time: time(abnormalEvents.occurTime),
    org_id: abnormalEvents.orgId,
    member_id: abnormalEvents.memberId,
    member_name: handledMember,
    area_id: abnormalEvents.areaId,
    area_name: areaName(abnormalEvents.areaId),
    created_at: time(abnormalHandles.handleTime),
    updated_at: time(abnormalHandles.handleTime),
  },
  joins: [{ table: abnormalEvents, on: eq(abnormalEvents.id, abnormalHandles.abnormalId) }],
  scope: { org: abnormalEvents.orgId, area: abnormalEvents.areaId },
  filters: {
    user_id: (v) => eq(abnormalEvents.memberId, v),
    type: (v) => eq(abnormalEvents.type, v),
    keyword: matchesAny(abnormalHandles.content, abnormalHandles.staffName, handledMember),
  },
  dateColumn: abnormalHandles.handleTime,
  binding: (ids) => inArray(abnormalEvents.bindingId, ids),
  operations: ['list', 'detail'],
});
