import { eq } from 'drizzle-orm';
import { careReportResource } from '@vigil/contracts';
import { careReports } from '../../../db/schema/index.ts';
import { defineResource } from '../../../resources/define.ts';
import { careScope, placeOnMember, memberRecordWire } from '../care-common/record.ts';

const t = careReports;

/** /care/report: a member's uploaded health reports, PDFs and images (docs/care.md "Care records II"). */
export const careReportRoutes = defineResource({
  resource: careReportResource,
  table: t,
  wire: memberRecordWire(t),
  scope: careScope(t),
  beforeWrite: async ({ tx, principal, action, values }) =>
    action === 'create' ? { ...values, ...(await placeOnMember(tx, principal, values.memberId!)) } : values,
  search: { keyword: [t.title, t.hospital] },
  filters: { user_id: (v) => eq(t.memberId, v), type: (v) => eq(t.type, v) },
  dateColumn: t.reportDate,
  history: { member: 'member_id' },
});
