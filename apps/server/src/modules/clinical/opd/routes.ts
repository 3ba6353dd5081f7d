import { eq } from 'drizzle-orm';
import { opdResource } from '@vigil/contracts';
import { opdVisits } from '../../../db/schema/index.ts';
import { defineResource } from '../../../resources/define.ts';
import { careScope, placeOnMember, memberRecordWire } from '../../care/care-common/record.ts';

const t = opdVisits;

/** /opd: outpatient visits, general or video, by period and department (docs/care.md "Care records II"). */
export const opdRoutes = defineResource({
  resource: opdResource,
  table: t,
  wire: memberRecordWire(t),
  scope: careScope(t),
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
