import { eq } from 'drizzle-orm';
import { careReportCreate, careReportListQuery, careReportRow, careReportUpdate, fromUnix } from '@vigil/contracts';
import { careReports } from '../../db/schema/index.ts';
import { defineResource } from '../../resources/define.ts';
import { areaName, memberName } from '../../resources/names.ts';
import { time } from '../../resources/wire.ts';
import { careScope, placeOnMember } from '../care-common/record.ts';

const t = careReports;

/** /care/report: a member's uploaded health reports, PDFs and images (docs/care.md "Care records II"). */
export const careReportRoutes = defineResource({
  path: '/care/report',
  table: t,
  rowSchema: careReportRow,
  wire: {
    id: t.id,
    org_id: t.orgId,
    area_id: t.areaId,
    area_name: areaName(t.areaId),
    member_id: t.memberId,
    member_name: memberName(t.memberId),
    type: t.type,
    title: t.title,
    report_date: time(t.reportDate),
    hospital: t.hospital,
    files: t.files,
    summary: t.summary,
    created_at: time(t.createdAt),
    updated_at: time(t.updatedAt),
  },
  createSchema: careReportCreate,
  updateSchema: careReportUpdate,
  listQuery: careReportListQuery,
  scope: careScope(t),
  toInsert: (body, placement) => ({
    orgId: placement.orgId,
    areaId: placement.areaId,
    memberId: body.member_id,
    type: body.type,
    title: body.title,
    reportDate: fromUnix(body.report_date),
    hospital: body.hospital ?? null,
    files: body.files,
    summary: body.summary ?? null,
  }),
  toUpdate: (body) => ({
    ...(body.type !== undefined && { type: body.type }),
    ...(body.title !== undefined && { title: body.title }),
    ...(body.report_date !== undefined && { reportDate: fromUnix(body.report_date) }),
    ...(body.hospital !== undefined && { hospital: body.hospital ?? null }),
    ...(body.files !== undefined && { files: body.files }),
    ...(body.summary !== undefined && { summary: body.summary ?? null }),
  }),
  beforeWrite: async ({ tx, principal, action, values }) =>
    action === 'create' ? { ...values, ...(await placeOnMember(tx, principal, values.memberId!)) } : values,
  search: { keyword: [t.title, t.hospital] },
  filters: { user_id: (v) => eq(t.memberId, v), type: (v) => eq(t.type, v) },
  dateColumn: t.reportDate,
  history: { member: 'member_id' },
});
