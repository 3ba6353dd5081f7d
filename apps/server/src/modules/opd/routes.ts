import { eq } from 'drizzle-orm';
import { OpdStatus, fromUnix, opdCreate, opdListQuery, opdRow, opdUpdate } from '@vigil/contracts';
import { opdVisits } from '../../db/schema/index.ts';
import { defineResource } from '../../resources/define.ts';
import { areaName, memberName } from '../../resources/names.ts';
import { time } from '../../resources/wire.ts';
import { careScope, placeOnMember } from '../care-common/record.ts';

const t = opdVisits;

/** /opd: outpatient visits, general or video, by period and department (docs/care.md "Care records II"). */
export const opdRoutes = defineResource({
  path: '/opd',
  table: t,
  rowSchema: opdRow,
  wire: {
    id: t.id,
    org_id: t.orgId,
    area_id: t.areaId,
    area_name: areaName(t.areaId),
    member_id: t.memberId,
    member_name: memberName(t.memberId),
    type: t.type,
    period: t.period,
    department: t.department,
    doctor: t.doctor,
    visit_date: time(t.visitDate),
    number: t.number,
    status: t.status,
    notes: t.notes,
    created_at: time(t.createdAt),
    updated_at: time(t.updatedAt),
  },
  createSchema: opdCreate,
  updateSchema: opdUpdate,
  listQuery: opdListQuery,
  scope: careScope(t),
  toInsert: (body, placement) => ({
    orgId: placement.orgId,
    areaId: placement.areaId,
    memberId: body.member_id,
    type: body.type,
    period: body.period,
    department: body.department,
    doctor: body.doctor,
    visitDate: fromUnix(body.visit_date),
    number: body.number ?? null,
    status: body.status ?? OpdStatus.booked,
    notes: body.notes ?? null,
  }),
  toUpdate: (body) => ({
    ...(body.type !== undefined && { type: body.type }),
    ...(body.period !== undefined && { period: body.period }),
    ...(body.department !== undefined && { department: body.department }),
    ...(body.doctor !== undefined && { doctor: body.doctor }),
    ...(body.visit_date !== undefined && { visitDate: fromUnix(body.visit_date) }),
    ...(body.number !== undefined && { number: body.number ?? null }),
    ...(body.status !== undefined && { status: body.status }),
    ...(body.notes !== undefined && { notes: body.notes ?? null }),
  }),
  beforeWrite: async ({ tx, principal, action, values }) =>
    action === 'create' ? { ...values, ...(await placeOnMember(tx, principal, values.memberId!)) } : values,
  search: { keyword: [t.doctor, t.notes] },
  filters: {
    user_id: (v) => eq(t.memberId, v),
    type: (v) => eq(t.type, v),
    class: (v) => eq(t.period, v),
    state: (v) => eq(t.status, v),
  },
  dateColumn: t.visitDate,
  history: { member: 'member_id' },
});
