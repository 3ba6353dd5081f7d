import { eq } from 'drizzle-orm';
import { type Organ, type OrganPosition, careStethoscopeResource, checkAuscultation } from '@vigil/contracts';
import { careStethoscopes } from '../../../db/schema/index.ts';
import { defineResource } from '../../../resources/define.ts';
import { staffName } from '../../../resources/names.ts';
import { assertCheck, careScope, placeOnMember, memberRecordWire } from '../care-common/record.ts';

const t = careStethoscopes;

/** /care/stethoscope: auscultation recordings with their mode and site (docs/care.md "Care records II"). */
export const careStethoscopeRoutes = defineResource({
  resource: careStethoscopeResource,
  table: t,
  wire: {
    ...memberRecordWire(t),
    recorder_name: staffName(t.recorderId),
  },
  scope: careScope(t),
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
