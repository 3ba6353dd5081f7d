import { eq, sql } from 'drizzle-orm';
import { fromUnix, workLogResource } from '@vigil/contracts';
import { workLogs } from '../../../db/schema/index.ts';
import { defineResource } from '../../../resources/define.ts';
import { areaName, staffName } from '../../../resources/names.ts';
import { AUTHOR_FROM_CALLER, assertMayChange, checkEntries, entriesWithMembers, resolveAuthor } from './service.ts';

const t = workLogs;

/**
 * /work-log (pages work-log, work-log/add, work-log/detail): a staff member's log of one shift
 * (docs/handover.md). Entries are checked against the shift and the caller's members in service.ts.
 */
export const workLogRoutes = defineResource({
  resource: workLogResource,
  table: t,
  wire: {
    area_name: areaName(t.areaId),
    staff_name: staffName(t.staffId),
    entry_count: sql<number>`jsonb_array_length(${t.entries})`,
    entries: entriesWithMembers,
  },
  scope: { org: t.orgId, area: t.areaId },
  place: (body) => ({ ...(body.area_id !== undefined && { areaId: body.area_id }) }),
  toInsert: (body, placement) => ({
    orgId: placement.orgId,
    areaId: placement.areaId,
    staffId: body.staff_id ?? AUTHOR_FROM_CALLER,
    shiftDate: fromUnix(body.shift_date),
    shift: body.shift,
    summary: body.summary ?? null,
    entries: body.entries.map((e) => ({ ...e, attachments: e.attachments ?? [] })),
  }),
  toUpdate: (body) => ({
    ...(body.shift_date !== undefined && { shiftDate: fromUnix(body.shift_date) }),
    ...(body.shift !== undefined && { shift: body.shift }),
    ...(body.summary !== undefined && { summary: body.summary ?? null }),
    ...(body.entries !== undefined && { entries: body.entries.map((e) => ({ ...e, attachments: e.attachments ?? [] })) }),
  }),
  beforeWrite: async ({ tx, principal, action, before, values }) => {
    if (before) assertMayChange(principal, before.staff_id);
    if (action === 'delete' || action === 'enable') return values;
    const orgId = values.orgId ?? before!.org_id;
    const shiftDate = values.shiftDate ?? fromUnix(before!.shift_date);
    const changed = { ...values };
    if (action === 'create') changed.staffId = await resolveAuthor(tx, principal, orgId, values.staffId ?? AUTHOR_FROM_CALLER);
    if (values.entries) changed.entries = await checkEntries(tx, principal, orgId, shiftDate, values.entries);
    else if (values.shiftDate && before) changed.entries = await checkEntries(tx, principal, orgId, shiftDate, before.entries.map((e) => ({ ...e, member_ids: e.members.map((m) => m.id) })));
    return changed;
  },
  search: { keyword: [t.summary] },
  filters: {
    user_id: (v) => eq(t.staffId, v),
    type: (v) => eq(t.shift, v),
  },
  dateColumn: t.shiftDate,
  history: {},
});
