import { eq } from 'drizzle-orm';
import { careFollowUpResource } from '@vigil/contracts';
import { careFollowUps } from '../../../db/schema/index.ts';
import { defineResource } from '../../../resources/define.ts';
import { assertMemberAlert, careScope, placeOnMember, memberRecordWire } from '../care-common/record.ts';

const t = careFollowUps;

/** /care/follow-up: hospital follow-up visits a member is escorted to (docs/care.md). */
export const careFollowUpRoutes = defineResource({
  resource: careFollowUpResource,
  table: t,
  wire: memberRecordWire(t),
  scope: careScope(t),
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
