import { eq } from 'drizzle-orm';
import { careScheduleResource, checkScheduleRule, nowUnix, toUnix, toUnixOrNull, type ScheduleRepeat } from '@vigil/contracts';
import { careSchedules } from '../../../db/schema/index.ts';
import { defineResource } from '../../../resources/define.ts';
import { staffName } from '../../../resources/names.ts';
import { assertCheck, assertOrgStaff, careScope, placeOnMember, memberRecordWire } from '../care-common/record.ts';
import { reexpandSchedule } from './service.ts';

const t = careSchedules;

/** /care/schedule: services planned for a member; each occurrence is handled (docs/care.md). */
export const careScheduleRoutes = defineResource({
  resource: careScheduleResource,
  table: t,
  wire: {
    ...memberRecordWire(t),
    staff_name: staffName(t.staffId),
    enable: t.enabled,
  },
  scope: careScope(t),
  beforeWrite: async ({ tx, principal, action, before, values }) => {
    const placed = action === 'create' && values.memberId !== undefined ? await placeOnMember(tx, principal, values.memberId) : undefined;
    if (before && action === 'update') {
      assertCheck(checkScheduleRule, {
        repeat: (values.repeat ?? before.repeat) as ScheduleRepeat,
        weekdays: values.weekdays ?? before.weekdays,
        start_date: values.startDate ? toUnix(values.startDate) : before.start_date,
        end_date: values.endDate !== undefined ? toUnixOrNull(values.endDate) : before.end_date,
      });
    }
    const orgId = placed?.orgId ?? before?.org_id;
    if (orgId !== undefined && values.staffId) await assertOrgStaff(tx, orgId, values.staffId, 'staff_id');
    return placed ? { ...values, ...placed } : values;
  },
  afterWrite: async ({ tx, after }) => {
    if (after) await reexpandSchedule(tx, after.id, nowUnix());
  },
  search: { keyword: [t.title, t.remark] },
  filters: {
    user_id: (v) => eq(t.memberId, v),
    type: (v) => eq(t.service, v),
  },
  dateColumn: t.startDate,
  enable: 'enabled',
  history: { member: 'member_id' },
});
