import { eq } from 'drizzle-orm';
import {
  careFollowUpCreate,
  careFollowUpListQuery,
  careFollowUpRow,
  careFollowUpUpdate,
  fromUnix,
} from '@vigil/contracts';
import { careFollowUps } from '../../db/schema/index.ts';
import { defineResource } from '../../resources/define.ts';
import { areaName, memberName } from '../../resources/names.ts';
import { time, timeOrNull } from '../../resources/wire.ts';
import { assertMemberAlert, careScope, placeOnMember } from '../care-common/record.ts';

const t = careFollowUps;
const orNull = <T>(v: T | null | undefined): T | null => v ?? null;
const timeOf = (v: number | null | undefined) => (v === undefined || v === null ? null : fromUnix(v));

/** /care/follow-up: hospital follow-up visits a member is escorted to (docs/care.md). */
export const careFollowUpRoutes = defineResource({
  path: '/care/follow-up',
  table: t,
  rowSchema: careFollowUpRow,
  wire: {
    id: t.id,
    org_id: t.orgId,
    area_id: t.areaId,
    area_name: areaName(t.areaId),
    member_id: t.memberId,
    member_name: memberName(t.memberId),
    hospital: t.hospital,
    department: t.department,
    doctor: t.doctor,
    appointment_at: time(t.appointmentAt),
    appointment_no: t.appointmentNo,
    reason: t.reason,
    transport: t.transport,
    companion: t.companion,
    companion_name: t.companionName,
    bring_items: t.bringItems,
    result: t.result,
    next_appointment_at: timeOrNull(t.nextAppointmentAt),
    state: t.state,
    abnormal_id: t.abnormalId,
    remark: t.remark,
    created_at: time(t.createdAt),
    updated_at: time(t.updatedAt),
  },
  createSchema: careFollowUpCreate,
  updateSchema: careFollowUpUpdate,
  listQuery: careFollowUpListQuery,
  scope: careScope(t),
  toInsert: (body, placement) => ({
    orgId: placement.orgId,
    areaId: placement.areaId,
    memberId: body.member_id,
    hospital: body.hospital,
    department: body.department,
    doctor: orNull(body.doctor),
    appointmentAt: fromUnix(body.appointment_at),
    appointmentNo: orNull(body.appointment_no),
    reason: body.reason,
    transport: body.transport,
    companion: body.companion,
    companionName: orNull(body.companion_name),
    bringItems: orNull(body.bring_items),
    result: orNull(body.result),
    nextAppointmentAt: timeOf(body.next_appointment_at),
    abnormalId: orNull(body.abnormal_id),
    remark: orNull(body.remark),
  }),
  toUpdate: (body) => ({
    ...(body.hospital !== undefined && { hospital: body.hospital }),
    ...(body.department !== undefined && { department: body.department }),
    ...(body.doctor !== undefined && { doctor: orNull(body.doctor) }),
    ...(body.appointment_at !== undefined && { appointmentAt: fromUnix(body.appointment_at) }),
    ...(body.appointment_no !== undefined && { appointmentNo: orNull(body.appointment_no) }),
    ...(body.reason !== undefined && { reason: body.reason }),
    ...(body.transport !== undefined && { transport: body.transport }),
    ...(body.companion !== undefined && { companion: body.companion }),
    ...(body.companion_name !== undefined && { companionName: orNull(body.companion_name) }),
    ...(body.bring_items !== undefined && { bringItems: orNull(body.bring_items) }),
    ...(body.result !== undefined && { result: orNull(body.result) }),
    ...(body.next_appointment_at !== undefined && { nextAppointmentAt: timeOf(body.next_appointment_at) }),
    ...(body.remark !== undefined && { remark: orNull(body.remark) }),
  }),
  beforeWrite: async ({ tx, principal, action, values }) => {
    if (action !== 'create' || values.memberId === undefined) return values;
    const placed = await placeOnMember(tx, principal, values.memberId);
    if (values.abnormalId) await assertMemberAlert(tx, values.memberId, values.abnormalId);
    return { ...values, ...placed };
  },
  search: { keyword: [t.hospital, t.doctor, t.reason] },
  filters: {
    user_id: (v) => eq(t.memberId, v),
    type: (v) => eq(t.department, v),
    state: (v) => eq(t.state, v),
  },
  dateColumn: t.appointmentAt,
  history: { member: 'member_id' },
});
