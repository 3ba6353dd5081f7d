import { and, asc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  DeliveryLineState,
  DeliveryOrderState as State,
  DeliverySide as Side,
  OrgType,
  type DeliveryHistoryRow,
  type DeliveryLine,
  type DeliveryOrderDetail,
  type DeliveryOrderRow,
  type DeliverySide,
  type DeliveryOrderState,
  type DeliveryLineState as LineState,
  deliveryOrderListQuery,
  toUnix,
  toUnixOrNull,
} from '@vigil/contracts';
import type { Db, Tx } from '../../../db/client.ts';
import { areas, deliveryOrderHistory, deliveryOrderLines, deliveryOrders, members, orgs, staff } from '../../../db/schema/index.ts';
import type { Principal } from '../../../auth/principal.ts';
import { scopeCondition, type ScopeColumns } from '../../../auth/scope.ts';
import { notFound } from '../../../http/errors.ts';
import { defineList } from '../../../resources/list.ts';
import { containsPattern } from '../../../resources/rows.ts';
import { mapped, time, type WireMap } from '../../../resources/wire.ts';

const pharmacyOrgs = alias(orgs, 'pharmacy_orgs');
const pharmacyAreas = alias(areas, 'pharmacy_areas');
const checkers = alias(staff, 'checkers');

/** Which side of an order the caller's organisation is: care homes order, pharmacies supply. */
export function sideOf(p: Principal): DeliverySide | null {
  if (p.orgType === OrgType.care) return Side.care;
  if (p.orgType === OrgType.pharmacy) return Side.pharmacy;
  return null;
}

/**
 * The orders waiting for a side (docs/delivery.md, Live): the pharmacy has new orders to take on and
 * queries to answer; the care home has orders sent back for repair and bags whose lines it has not
 * all checked. An operator, on neither side, has nothing waiting.
 */
function waitingCondition(side: DeliverySide | null): SQL {
  const linesIn = (state: LineState) =>
    sql`exists (select 1 from ${deliveryOrderLines} where ${deliveryOrderLines.orderId} = ${deliveryOrders.id} and ${deliveryOrderLines.state} = ${state})`;
  if (side === Side.pharmacy) {
    return or(eq(deliveryOrders.state, State.submitted), and(eq(deliveryOrders.state, State.pickup), linesIn(DeliveryLineState.query)))!;
  }
  if (side === Side.care) {
    return or(eq(deliveryOrders.state, State.repairOrSupplement), and(eq(deliveryOrders.state, State.pickup), linesIn(DeliveryLineState.unchecked)))!;
  }
  return sql`false`;
}

/** The orders a caller may see: their care organisation's (area roles: their area's) or their pharmacy's. */
const orderScopeColumns: ScopeColumns = { org: deliveryOrders.orgId, area: deliveryOrders.areaId, partner: deliveryOrders.pharmacyOrgId };
export const orderScope = (p: Principal): SQL => scopeCondition(p, orderScopeColumns);

/** `D` and the zero-padded id: what the label prints and the keyword search finds. */
export function orderNumber(id: number): string {
  return `D${String(id).padStart(6, '0')}`;
}

const o = deliveryOrders;

/** An order's list row: its parties by name, its dates and how many lines and open queries it has. */
const deliveryWire: WireMap<DeliveryOrderRow> = {
  id: o.id,
  order_no: mapped(o.id, orderNumber),
  org_id: o.orgId,
  org_name: orgs.name,
  area_id: o.areaId,
  area_name: areas.name,
  member_id: o.memberId,
  member_name: members.name,
  pharmacy_org_id: o.pharmacyOrgId,
  pharmacy_org_name: pharmacyOrgs.name,
  pharmacy_area_id: o.pharmacyAreaId,
  pharmacy_area_name: pharmacyAreas.name,
  type: o.type,
  state: o.state,
  requested_date: time(o.requestedDate),
  repeat_days: o.repeatDays,
  previous_id: o.previousId,
  photos: o.photos,
  remark: o.remark,
  line_count: sql<number>`(select count(*)::int from ${deliveryOrderLines} where ${deliveryOrderLines.orderId} = ${o.id})`,
  open_query_count: sql<number>`(select count(*)::int from ${deliveryOrderLines}
    where ${deliveryOrderLines.orderId} = ${o.id} and ${deliveryOrderLines.state} = ${DeliveryLineState.query})`,
  created_by_name: staff.name,
  created_at: time(o.createdAt),
  updated_at: time(o.updatedAt),
};

/**
 * SPEC §3 list of the orders in the caller's scope: state, type, member, pharmacy, requested date,
 * the member's name or the order number, and (waiting=1) what waits for the caller's side.
 */
export const deliveryList = defineList({
  table: o,
  wire: deliveryWire,
  joins: [
    { table: orgs, on: eq(orgs.id, o.orgId) },
    { table: areas, on: eq(areas.id, o.areaId), left: true },
    { table: members, on: eq(members.id, o.memberId) },
    { table: pharmacyOrgs, on: eq(pharmacyOrgs.id, o.pharmacyOrgId) },
    { table: pharmacyAreas, on: eq(pharmacyAreas.id, o.pharmacyAreaId) },
    { table: staff, on: eq(staff.id, o.createdBy) },
  ],
  listQuery: deliveryOrderListQuery,
  scope: orderScopeColumns,
  restrict: (p, q) => (q.waiting === 1 ? waitingCondition(sideOf(p)) : undefined),
  search: { name: members.name },
  filters: {
    state: (v) => eq(o.state, v),
    type: (v) => eq(o.type, v),
    user_id: (v) => eq(o.memberId, v),
    pharmacy_id: (v) => eq(o.pharmacyOrgId, v),
    keyword: keywordCondition,
  },
  dateColumn: o.requestedDate,
});

/** A keyword finds the member's name or the order number (with or without its D). */
function keywordCondition(keyword: string): SQL | undefined {
  const digits = /^d?0*(\d{1,9})$/i.exec(keyword.trim());
  const byName = ilike(members.name, containsPattern(keyword));
  return digits ? or(byName, eq(deliveryOrders.id, Number(digits[1]))) : byName;
}

/** One order's list row without a caller's scope: for events fanned out to both organisations. */
export async function loadRowUnscoped(db: Db | Tx, id: number): Promise<DeliveryOrderRow> {
  const [found] = await deliveryList.read(db, eq(deliveryOrders.id, id));
  if (!found) throw notFound();
  return found.item;
}

export async function loadLines(db: Db | Tx, orderId: number): Promise<DeliveryLine[]> {
  const rows = await db
    .select({ line: deliveryOrderLines, checkedByName: checkers.name })
    .from(deliveryOrderLines)
    .leftJoin(checkers, eq(checkers.id, deliveryOrderLines.checkedBy))
    .where(eq(deliveryOrderLines.orderId, orderId))
    .orderBy(asc(deliveryOrderLines.id));
  return rows.map(({ line, checkedByName }) => ({
    id: line.id,
    medicine_id: line.medicineId,
    medicine_name: line.medicineName,
    quantity: line.quantity,
    unit: line.unit,
    remark: line.remark,
    state: line.state as LineState,
    received_quantity: line.receivedQuantity,
    receipt_note: line.receiptNote,
    reply: line.reply,
    checked_by_name: checkedByName,
    checked_at: toUnixOrNull(line.checkedAt),
  }));
}

export async function loadHistory(db: Db | Tx, orderId: number): Promise<DeliveryHistoryRow[]> {
  const rows = await db
    .select()
    .from(deliveryOrderHistory)
    .where(eq(deliveryOrderHistory.orderId, orderId))
    .orderBy(asc(deliveryOrderHistory.id));
  return rows.map((h) => ({
    id: h.id,
    from_state: h.fromState as DeliveryOrderState | null,
    to_state: h.toState as DeliveryOrderState,
    side: h.side as DeliverySide,
    staff_id: h.staffId,
    staff_name: h.staffName,
    note: h.note,
    created_at: toUnix(h.createdAt),
  }));
}

/** GET /delivery/medicine/{id}: the row, its lines and its history. */
export async function loadDetail(db: Db | Tx, p: Principal, id: number): Promise<DeliveryOrderDetail> {
  const row = await deliveryList.fetchOne(db, p, id);
  return { ...row, lines: await loadLines(db, id), history: await loadHistory(db, id) };
}
