import { eq } from 'drizzle-orm';
import { ValidationMessage, fromUnix, medicalRecordCreate, medicalRecordListQuery, medicalRecordRow, medicalRecordUpdate, toUnix, toUnixOrNull } from '@vigil/contracts';
import { medicalRecords } from '../../db/schema/index.ts';
import { defineResource } from '../../resources/define.ts';
import { areaName, memberName } from '../../resources/names.ts';
import { time, timeOrNull } from '../../resources/wire.ts';
import { invalid } from '../../http/errors.ts';
import { careScope, placeOnMember } from '../care-common/record.ts';

const t = medicalRecords;

/**
 * /medical/records: a member's diagnoses with hospital, department, dates, medications and
 * attachments; each is reviewed by the care home through /handle/medical-record (docs/care.md).
 */
export const medicalRecordRoutes = defineResource({
  path: '/medical/records',
  table: t,
  rowSchema: medicalRecordRow,
  wire: {
    id: t.id,
    org_id: t.orgId,
    area_id: t.areaId,
    area_name: areaName(t.areaId),
    member_id: t.memberId,
    member_name: memberName(t.memberId),
    diagnosis: t.diagnosis,
    icd_code: t.icdCode,
    hospital: t.hospital,
    department: t.department,
    doctor: t.doctor,
    diagnosed_at: time(t.diagnosedAt),
    ended_at: timeOrNull(t.endedAt),
    medications: t.medications,
    attachments: t.attachments,
    remark: t.remark,
    state: t.state,
    created_at: time(t.createdAt),
    updated_at: time(t.updatedAt),
  },
  createSchema: medicalRecordCreate,
  updateSchema: medicalRecordUpdate,
  listQuery: medicalRecordListQuery,
  scope: careScope(t),
  toInsert: (body, placement) => ({
    orgId: placement.orgId,
    areaId: placement.areaId,
    memberId: body.member_id,
    diagnosis: body.diagnosis,
    icdCode: body.icd_code ?? null,
    hospital: body.hospital,
    department: body.department,
    doctor: body.doctor ?? null,
    diagnosedAt: fromUnix(body.diagnosed_at),
    endedAt: body.ended_at == null ? null : fromUnix(body.ended_at),
    medications: body.medications ?? null,
    attachments: body.attachments ?? [],
    remark: body.remark ?? null,
  }),
  toUpdate: (body) => ({
    ...(body.diagnosis !== undefined && { diagnosis: body.diagnosis }),
    ...(body.icd_code !== undefined && { icdCode: body.icd_code ?? null }),
    ...(body.hospital !== undefined && { hospital: body.hospital }),
    ...(body.department !== undefined && { department: body.department }),
    ...(body.doctor !== undefined && { doctor: body.doctor ?? null }),
    ...(body.diagnosed_at !== undefined && { diagnosedAt: fromUnix(body.diagnosed_at) }),
    ...(body.ended_at !== undefined && { endedAt: body.ended_at === null ? null : fromUnix(body.ended_at) }),
    ...(body.medications !== undefined && { medications: body.medications ?? null }),
    ...(body.attachments !== undefined && { attachments: body.attachments }),
    ...(body.remark !== undefined && { remark: body.remark ?? null }),
  }),
  beforeWrite: async ({ tx, principal, action, before, values }) => {
    if (action === 'create') return { ...values, ...(await placeOnMember(tx, principal, values.memberId!)) };
    if (action === 'update' && before) {
      const start = values.diagnosedAt ? toUnix(values.diagnosedAt) : before.diagnosed_at;
      const end = values.endedAt !== undefined ? toUnixOrNull(values.endedAt) : before.ended_at;
      if (end !== null && end < start) throw invalid([{ field: 'ended_at', message: ValidationMessage.invalidInput }]);
    }
    return values;
  },
  search: { keyword: [t.diagnosis, t.hospital, t.doctor] },
  filters: { user_id: (v) => eq(t.memberId, v), state: (v) => eq(t.state, v) },
  dateColumn: t.diagnosedAt,
  history: { member: 'member_id' },
});
