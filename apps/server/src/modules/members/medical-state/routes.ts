import { eq } from 'drizzle-orm';
import { medicalStateLogResource } from '@vigil/contracts';
import { medicalStateLogs, members } from '../../../db/schema/index.ts';
import { defineResource } from '../../../resources/define.ts';
import { loggedBy, readOnly } from '../../../resources/logs.ts';
import { areaName } from '../../../resources/names.ts';
import { matchesAny } from '../../../resources/rows.ts';

/**
 * /medical/user: the medical-state log, read-only (PATCH /user/state/{id} writes it). Scoped by the
 * member's current organisation and area.
 */
export const medicalStateRoutes = defineResource({
  resource: medicalStateLogResource,
  tag: 'user',
  table: medicalStateLogs,
  wire: {
    member_name: members.name,
    area_id: members.areaId,
    area_name: areaName(members.areaId),
    ...loggedBy({ operator: medicalStateLogs.operatorId, createdAt: medicalStateLogs.createdAt }),
  },
  joins: [{ table: members, on: eq(members.id, medicalStateLogs.memberId) }],
  scope: { org: members.orgId, area: members.areaId },
  filters: {
    user_id: (v) => eq(medicalStateLogs.memberId, v),
    state: (v) => eq(medicalStateLogs.state, v),
    keyword: matchesAny(members.name),
  },
  operations: readOnly,
});
