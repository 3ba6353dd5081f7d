import { eq } from 'drizzle-orm';
import { SECONDS_PER_DAY, careHealthResource, fromUnix, toUnix } from '@vigil/contracts';
import { careEducations } from '../../../db/schema/index.ts';
import { defineResource } from '../../../resources/define.ts';
import { staffName } from '../../../resources/names.ts';
import { assertMemberAlert, assertOrgStaff, careScope, placeOnMember, memberRecordWire } from '../care-common/record.ts';

const t = careEducations;

/** /care/health: health education given to a member, reviewed by a teach-back (docs/care.md). */
export const careHealthRoutes = defineResource({
  resource: careHealthResource,
  table: t,
  wire: {
    ...memberRecordWire(t),
    educator_name: staffName(t.educatorId),
  },
  scope: careScope(t),
  beforeWrite: async ({ tx, principal, action, before, values: body }) => {
    // A create without an educator records the caller as the one who taught (docs/care.md).
    const values = action === 'create' && body.educatorId === undefined ? { ...body, educatorId: principal.staffId } : body;
    const placed = action === 'create' && values.memberId !== undefined ? await placeOnMember(tx, principal, values.memberId) : undefined;
    const orgId = placed?.orgId ?? before?.org_id;
    if (placed && values.abnormalId) await assertMemberAlert(tx, values.memberId!, values.abnormalId);
    if (orgId !== undefined && values.educatorId !== undefined) await assertOrgStaff(tx, orgId, values.educatorId, 'educator_id');
    if (!placed) return values;
    // The teach-back is due a day after the education unless the form sets its own date.
    const reviewAt = values.reviewAt ?? (values.educateAt && fromUnix(toUnix(values.educateAt) + SECONDS_PER_DAY));
    return { ...values, ...placed, ...(reviewAt && { reviewAt }) };
  },
  search: { keyword: [t.topic, t.content] },
  filters: {
    user_id: (v) => eq(t.memberId, v),
    type: (v) => eq(t.type, v),
    state: (v) => eq(t.state, v),
  },
  dateColumn: t.educateAt,
  history: { member: 'member_id' },
});
