import { and, asc, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  DeliveryLineState,
  DeliveryOrderState as State,
  DeliverySide as Side,
  OrgType,
  type DeliveryHistoryRow,
  type DeliveryLine,
  type DeliveryOrderDetail,
  type DeliveryOrderListQuery,
  type DeliveryOrderRow,
  type DeliverySide,
  type DeliveryOrderState,
  type DeliveryLineState as LineState,
  type DeliveryType,
  toUnix,
  toUnixOrNull,
} from '@vigil/contracts';
import type { Db, Tx } from '../../../db/client.ts';
import { areas, deliveryOrderHistory, deliveryOrderLines, deliveryOrders, members, orgs, staff } from '../../../db/schema/index.ts';
import type { Principal } from '../../../auth/principal.ts';
import { scopeCondition } from '../../../auth/scope.ts';
import { notFound } from '../../../http/errors.ts';
import { paginate, pageWindow } from '../../../resources/paging.ts';
import { containsPattern } from '../../../resources/rows.ts';

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
export function orderScope(p: Principal): SQL {
  return scopeCondition(p, { org: deliveryOrders.orgId, area: deliveryOrders.areaId, partner: deliveryOrders.pharmacyOrgId });
}

const lineCount = sql<number>`(select count(*)::int from ${deliveryOrderLines} where ${deliveryOrderLines.orderId} = ${deliveryOrders.id})`;
const openQueryCount = sql<number>`(select count(*)::int from ${deliveryOrderLines}
  where ${deliveryOrderLines.orderId} = ${deliveryOrders.id} and ${deliveryOrderLines.state} = ${DeliveryLineState.query})`;

const rowFields = {
  order: deliveryOrders,
  orgName: orgs.name,
  areaName: areas.name,
  memberName: members.name,
  pharmacyOrgName: pharmacyOrgs.name,
  pharmacyAreaName: pharmacyAreas.name,
  createdByName: staff.name,
  lineCount,
  openQueryCount,
};

export function selectRows(db: Db | Tx) {
  return db
    .select(rowFields)
    .from(deliveryOrders)
    .innerJoin(orgs, eq(orgs.id, deliveryOrders.orgId))
    .leftJoin(areas, eq(areas.id, deliveryOrders.areaId))
    .innerJoin(members, eq(members.id, deliveryOrders.memberId))
    .innerJoin(pharmacyOrgs, eq(pharmacyOrgs.id, deliveryOrders.pharmacyOrgId))
    .innerJoin(pharmacyAreas, eq(pharmacyAreas.id, deliveryOrders.pharmacyAreaId))
    .innerJoin(staff, eq(staff.id, deliveryOrders.createdBy))
    .$dynamic();
}

type Selected = Awaited<ReturnType<ReturnType<typeof selectRows>['execute']>>[number];

/** `D` and the zero-padded id: what the label prints and the keyword search finds. */
export function orderNumber(id: number): string {
  return `D${String(id).padStart(6, '0')}`;
}

export function toRow(r: Selected): DeliveryOrderRow {
  const o = r.order;
  return {
    id: o.id,
    order_no: orderNumber(o.id),
    org_id: o.orgId,
    org_name: r.orgName,
    area_id: o.areaId,
    area_name: r.areaName,
    member_id: o.memberId,
    member_name: r.memberName,
    pharmacy_org_id: o.pharmacyOrgId,
    pharmacy_org_name: r.pharmacyOrgName,
    pharmacy_area_id: o.pharmacyAreaId,
    pharmacy_area_name: r.pharmacyAreaName,
    type: o.type as DeliveryType,
    state: o.state as DeliveryOrderState,
    requested_date: toUnix(o.requestedDate),
    repeat_days: o.repeatDays,
    previous_id: o.previousId,
    photos: o.photos,
    remark: o.remark,
    line_count: r.lineCount,
    open_query_count: r.openQueryCount,
    created_by_name: r.createdByName,
    created_at: toUnix(o.createdAt),
    updated_at: toUnix(o.updatedAt),
  };
}

const orderColumns = {
  id: deliveryOrders.id,
  requested_date: deliveryOrders.requestedDate,
  state: deliveryOrders.state,
  created_at: deliveryOrders.createdAt,
  updated_at: deliveryOrders.updatedAt,
} as const;

/** SPEC §3 list of the orders in the caller's scope. */
export async function listOrders(db: Db, p: Principal, q: DeliveryOrderListQuery) {
  const where = and(
    orderScope(p),
    q.state === undefined ? undefined : eq(deliveryOrders.state, q.state),
    q.type === undefined ? undefined : eq(deliveryOrders.type, q.type),
    q.user_id === undefined ? undefined : eq(deliveryOrders.memberId, q.user_id),
    q.area_id === undefined ? undefined : eq(deliveryOrders.areaId, q.area_id),
    q.org_id === undefined ? undefined : eq(deliveryOrders.orgId, q.org_id),
    q.pharmacy_id === undefined ? undefined : eq(deliveryOrders.pharmacyOrgId, q.pharmacy_id),
    q.start_date === undefined ? undefined : sql`${deliveryOrders.requestedDate} >= to_timestamp(${q.start_date})`,
    q.end_date === undefined ? undefined : sql`${deliveryOrders.requestedDate} <= to_timestamp(${q.end_date})`,
    q.keyword === undefined ? undefined : keywordCondition(q.keyword),
    q.name === undefined ? undefined : ilike(members.name, containsPattern(q.name)),
    q.waiting === 1 ? waitingCondition(sideOf(p)) : undefined,
  );
  const [{ total }] = await db
    .select({ total: count() })
    .from(deliveryOrders)
    .innerJoin(members, eq(members.id, deliveryOrders.memberId))
    .where(where);
  const direction = q.order === 'desc' ? desc : asc;
  let query = selectRows(db).where(where).orderBy(direction(orderColumns[q.order_by]), direction(deliveryOrders.id));
  const { offset, limit } = pageWindow(q);
  if (limit !== undefined) query = query.limit(limit).offset(offset);
  return paginate(q, total, (await query).map(toRow));
}

/** A keyword finds the member's name or the order number (with or without its D). */
function keywordCondition(keyword: string): SQL | undefined {
  const digits = /^d?0*(\d{1,9})$/i.exec(keyword.trim());
  const byName = ilike(members.name, containsPattern(keyword));
  return digits ? or(byName, eq(deliveryOrders.id, Number(digits[1]))) : byName;
}

/** One order in scope, as its list row; -7 when missing or out of scope. */
export async function loadRow(db: Db | Tx, p: Principal, id: number): Promise<DeliveryOrderRow> {
  const [row] = await selectRows(db).where(and(eq(deliveryOrders.id, id), orderScope(p)));
  if (!row) throw notFound();
  return toRow(row);
}

/** The same row without a caller's scope: for events fanned out to both organisations. */
export async function loadRowUnscoped(db: Db | Tx, id: number): Promise<DeliveryOrderRow> {
  const [row] = await selectRows(db).where(eq(deliveryOrders.id, id));
  if (!row) throw notFound();
  return toRow(row);
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
  const row = await loadRow(db, p, id);
  return { ...row, lines: await loadLines(db, id), history: await loadHistory(db, id) };
}
