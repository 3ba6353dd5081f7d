import { eq } from 'drizzle-orm';
import {
  type Organ,
  type OrganPosition,
  careStethoscopeCreate,
  careStethoscopeListQuery,
  careStethoscopeRow,
  careStethoscopeUpdate,
  checkAuscultation,
  fromUnix,
} from '@vigil/contracts';
import { careStethoscopes } from '../../db/schema/index.ts';
import { defineResource } from '../../resources/define.ts';
import { areaName, memberName, staffName } from '../../resources/names.ts';
import { time } from '../../resources/wire.ts';
import { assertCheck, careScope, placeOnMember } from '../care-common/record.ts';

const t = careStethoscopes;

/** /care/stethoscope: auscultation recordings with their mode and site (docs/care.md "Care records II"). */
export const careStethoscopeRoutes = defineResource({
  path: '/care/stethoscope',
  table: t,
  rowSchema: careStethoscopeRow,
  wire: {
    id: t.id,
    org_id: t.orgId,
    area_id: t.areaId,
    area_name: areaName(t.areaId),
    member_id: t.memberId,
    member_name: memberName(t.memberId),
    recorded_at: time(t.recordedAt),
    mode: t.mode,
    organ: t.organ,
    position: t.position,
    audio: t.audio,
    findings: t.findings,
    recorder_id: t.recorderId,
    recorder_name: staffName(t.recorderId),
    created_at: time(t.createdAt),
    updated_at: time(t.updatedAt),
  },
  createSchema: careStethoscopeCreate,
  updateSchema: careStethoscopeUpdate,
  listQuery: careStethoscopeListQuery,
  scope: careScope(t),
  toInsert: (body, placement) => ({
    orgId: placement.orgId,
    areaId: placement.areaId,
    memberId: body.member_id,
    recordedAt: fromUnix(body.recorded_at),
    mode: body.mode,
    organ: body.organ,
    position: body.position,
    audio: body.audio,
    findings: body.findings ?? null,
  }),
  toUpdate: (body) => ({
    ...(body.recorded_at !== undefined && { recordedAt: fromUnix(body.recorded_at) }),
    ...(body.mode !== undefined && { mode: body.mode }),
    ...(body.organ !== undefined && { organ: body.organ }),
    ...(body.position !== undefined && { position: body.position }),
    ...(body.audio !== undefined && { audio: body.audio }),
    ...(body.findings !== undefined && { findings: body.findings ?? null }),
  }),
  beforeWrite: async ({ tx, principal, action, before, values }) => {
    if (action === 'create') return { ...values, recorderId: principal.staffId, ...(await placeOnMember(tx, principal, values.memberId!)) };
    if (action === 'update' && before) {
      assertCheck(checkAuscultation, { organ: (values.organ ?? before.organ) as Organ, position: (values.position ?? before.position) as OrganPosition });
    }
    return values;
  },
  search: { keyword: [t.findings] },
  filters: {
    user_id: (v) => eq(t.memberId, v),
    type: (v) => eq(t.mode, v),
    class: (v) => eq(t.organ, v),
  },
  dateColumn: t.recordedAt,
  history: { member: 'member_id' },
});
