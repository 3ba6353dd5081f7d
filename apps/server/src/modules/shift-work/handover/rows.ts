import { eq, sql } from 'drizzle-orm';
import { handoverListQuery, type HandoverRow } from '@vigil/contracts';
import { handovers } from '../../../db/schema/index.ts';
import { defineList } from '../../../resources/list.ts';
import { areaName, staffName } from '../../../resources/names.ts';
import { time, timeOrNull, type WireMap } from '../../../resources/wire.ts';

const h = handovers;

/** A handover's list row: its period, state, who gave, signed and accepted it, and what is open. */
const handoverWire: WireMap<HandoverRow> = {
  id: h.id,
  org_id: h.orgId,
  area_id: h.areaId,
  area_name: areaName(h.areaId),
  period_start: time(h.periodStart),
  period_end: time(h.periodEnd),
  state: h.state,
  created_by: h.createdBy,
  created_by_name: staffName(h.createdBy),
  signed_by_name: staffName(h.signedBy),
  signed_at: timeOrNull(h.signedAt),
  accepted_by_name: staffName(h.acceptedBy),
  accepted_at: timeOrNull(h.acceptedAt),
  member_count: sql<number>`jsonb_array_length(${h.notes})`,
  // Spelled out with its table: in a query over one table drizzle writes a selected column
  // unqualified, and a bare "id" here would be the action's own id.
  open_action_count: sql<number>`(select count(*)::int from handover_actions ha where ha.handover_id = handovers.id and ha.done_at is null)`,
  created_at: time(h.createdAt),
  updated_at: time(h.updatedAt),
};

/** GET /handover through the kit's list: area_id, state, start_date/end_date on the period's end. */
export const handoverList = defineList({
  table: h,
  wire: handoverWire,
  listQuery: handoverListQuery,
  scope: { org: h.orgId, area: h.areaId },
  filters: { state: (v) => eq(h.state, v) },
  dateColumn: h.periodEnd,
});
