import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import {
  DeliveryLineState,
  DeliveryOrderState,
  DeliverySide,
  DeliveryType,
  OrgType,
  type DeliveryChange,
  canTransition,
  deliveryEditableStates,
  deliveryInitialState,
  deliveryReceiptState,
  SECONDS_PER_DAY,
  fromUnix,
  nowUnix,
  toUnix,
  type DeliveryLineInput,
  type DeliveryOrderCreate,
  type DeliveryOrderDetail,
  type DeliveryOrderUpdate,
  type DeliveryReceipt,
  type DeliveryRepeatDue,
  type DeliveryReply,
  type DeliveryStateChange,
} from '@vigil/contracts';
import type { FastifyInstance } from 'fastify';
import type { Tx } from '../../../db/client.ts';
import { areas, deliveryOrderHistory, deliveryOrderLines, deliveryOrders, medicines, members, orgRelations, orgs, staff } from '../../../db/schema/index.ts';
import type { Principal } from '../../../auth/principal.ts';
import { scopeCondition } from '../../../auth/scope.ts';
import { forbidden, invalid, notFound, processError } from '../../../http/errors.ts';
import { deliveryList, loadDetail, loadRowUnscoped, orderScope, sideOf } from './rows.ts';

function requireSide(p: Principal, side: DeliverySide): void {
  if (sideOf(p) !== side) throw forbidden();
}

async function staffName(tx: Tx, staffId: number): Promise<string> {
  const [me] = await tx.select({ name: staff.name }).from(staff).where(eq(staff.id, staffId));
  return me?.name ?? '';
}

/** The order in the caller's scope, locked for the write; -7 when missing or out of scope. */
async function lockOrder(tx: Tx, p: Principal, id: number) {
  const [order] = await tx.select().from(deliveryOrders).where(and(eq(deliveryOrders.id, id), orderScope(p))).for('update');
  if (!order) throw notFound();
  return order;
}

/**
 * The pharmacy area an order may go to: an enabled area of an enabled pharmacy whose enabled
 * relation with the care organisation grants delivery. Anything else is -7, as if it did not exist.
 */
async function deliveryTarget(tx: Tx, careOrgId: number, pharmacyAreaId: number): Promise<{ orgId: number }> {
  const [target] = await tx
    .select({ orgId: areas.orgId })
    .from(areas)
    .innerJoin(orgs, eq(orgs.id, areas.orgId))
    .innerJoin(orgRelations, and(eq(orgRelations.orgId, careOrgId), eq(orgRelations.relatedOrgId, areas.orgId)))
    .where(
      and(
        eq(areas.id, pharmacyAreaId),
        eq(areas.enabled, true),
        eq(orgs.type, OrgType.pharmacy),
        eq(orgs.enabled, true),
        eq(orgRelations.enabled, true),
        sql`${orgRelations.grants} @> '["delivery"]'::jsonb`,
      ),
    );
  if (!target) throw notFound('Pharmacy not found or not related to the organisation');
  return target;
}

/**
 * The lines of an order. A catalogue link must name an enabled medicine of the ordering
 * organisation; anything else is -7, as another home's catalogue is not the caller's to see.
 */
async function insertLines(tx: Tx, orderId: number, orgId: number, lines: DeliveryLineInput[]): Promise<void> {
  const linked = [...new Set(lines.flatMap((l) => (l.medicine_id ? [l.medicine_id] : [])))];
  if (linked.length) {
    const found = await tx
      .select({ id: medicines.id })
      .from(medicines)
      .where(and(inArray(medicines.id, linked), eq(medicines.orgId, orgId), eq(medicines.enabled, true)));
    if (found.length !== linked.length) throw notFound('Medicine not found in the catalogue');
  }
  await tx.insert(deliveryOrderLines).values(
    lines.map((l) => ({
      orderId,
      medicineId: l.medicine_id ?? null,
      medicineName: l.medicine_name.trim(),
      quantity: l.quantity,
      unit: l.unit.trim(),
      remark: l.remark ?? null,
    })),
  );
}

async function recordTransition(
  tx: Tx,
  p: Principal,
  orderId: number,
  from: DeliveryOrderState | null,
  to: DeliveryOrderState,
  side: DeliverySide,
  note: string | null | undefined,
): Promise<void> {
  await tx.insert(deliveryOrderHistory).values({
    orderId,
    fromState: from,
    toState: to,
    side,
    staffId: p.staffId,
    staffName: await staffName(tx, p.staffId),
    note: note?.trim() || null,
  });
}

/** Tells both organisations' connected staff about the order as it now is, what changed and which side changed it. */
async function announce(app: FastifyInstance, orderId: number, change: DeliveryChange, bySide: DeliverySide): Promise<void> {
  const row = await loadRowUnscoped(app.database.db, orderId);
  app.events.emit('deliveryOrder', {
    org_id: row.org_id,
    area_id: row.area_id,
    pharmacy_org_id: row.pharmacy_org_id,
    payload: { ...row, change, by_side: bySide },
  });
}

/** POST /delivery/medicine: a care role orders for a member of its scope from a related pharmacy. */
export async function createOrder(app: FastifyInstance, p: Principal, body: DeliveryOrderCreate): Promise<DeliveryOrderDetail> {
  requireSide(p, DeliverySide.care);
  const id = await app.database.db.transaction(async (tx) => {
    const [member] = await tx
      .select({ orgId: members.orgId, areaId: members.areaId })
      .from(members)
      .where(and(eq(members.id, body.member_id), isNull(members.removedAt), scopeCondition(p, { org: members.orgId, area: members.areaId })));
    if (!member) throw notFound('Member not found');
    const target = await deliveryTarget(tx, member.orgId, body.pharmacy_area_id);
    const [order] = await tx
      .insert(deliveryOrders)
      .values({
        orgId: member.orgId,
        areaId: member.areaId,
        memberId: body.member_id,
        pharmacyOrgId: target.orgId,
        pharmacyAreaId: body.pharmacy_area_id,
        type: body.type,
        state: deliveryInitialState,
        requestedDate: fromUnix(body.requested_date),
        repeatDays: body.type === DeliveryType.repeatPrescription ? (body.repeat_days ?? null) : null,
        photos: body.photos ?? [],
        remark: body.remark ?? null,
        createdBy: p.staffId,
      })
      .returning({ id: deliveryOrders.id });
    await insertLines(tx, order.id, member.orgId, body.lines);
    await recordTransition(tx, p, order.id, null, deliveryInitialState, DeliverySide.care, null);
    return order.id;
  });
  await announce(app, id, 'created', DeliverySide.care);
  return loadDetail(app.database.db, p, id);
}

/**
 * PUT/PATCH /delivery/medicine/{id}: the care side amends an order the pharmacy has not taken on
 * (submitted) or sent back (repair or supplement); any other state is -8.
 */
export async function updateOrder(
  app: FastifyInstance,
  p: Principal,
  id: number,
  body: Partial<DeliveryOrderUpdate>,
): Promise<DeliveryOrderDetail> {
  requireSide(p, DeliverySide.care);
  await app.database.db.transaction(async (tx) => {
    const order = await lockOrder(tx, p, id);
    if (!deliveryEditableStates.has(order.state as DeliveryOrderState)) throw processError('The order can no longer be changed');
    const type = body.type ?? order.type;
    const repeatDays = body.repeat_days !== undefined ? body.repeat_days : order.repeatDays;
    if (type === DeliveryType.repeatPrescription && repeatDays === null) {
      throw invalid([{ field: 'repeat_days', message: 'validation.required' }]);
    }
    await tx
      .update(deliveryOrders)
      .set({
        type,
        repeatDays: type === DeliveryType.repeatPrescription ? repeatDays : null,
        ...(body.requested_date !== undefined && { requestedDate: fromUnix(body.requested_date) }),
        ...(body.photos !== undefined && { photos: body.photos }),
        ...(body.remark !== undefined && { remark: body.remark }),
        updatedAt: new Date(),
      })
      .where(eq(deliveryOrders.id, id));
    if (body.lines) {
      await tx.delete(deliveryOrderLines).where(eq(deliveryOrderLines.orderId, id));
      await insertLines(tx, id, order.orgId, body.lines);
    }
  });
  await announce(app, id, 'amended', DeliverySide.care);
  return loadDetail(app.database.db, p, id);
}

/**
 * PATCH /delivery/medicine/state/{id}: one edge of the machine, taken by its side. An edge the
 * machine lacks, the other side's edge, a finish over unresolved lines, or a state changed by
 * someone else meanwhile: -8, and nothing changes.
 */
export async function changeState(app: FastifyInstance, p: Principal, id: number, body: DeliveryStateChange): Promise<DeliveryOrderDetail> {
  const side = sideOf(p);
  if (!side) throw forbidden();
  await app.database.db.transaction(async (tx) => {
    const order = await lockOrder(tx, p, id);
    const from = order.state as DeliveryOrderState;
    if (!canTransition(from, body.state, side)) throw processError('This state change is not allowed');
    if (body.state === DeliveryOrderState.finish) {
      const [open] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(deliveryOrderLines)
        .where(
          and(
            eq(deliveryOrderLines.orderId, id),
            sql`${deliveryOrderLines.state} not in (${DeliveryLineState.received}, ${DeliveryLineState.resolved})`,
          ),
        );
      if (open.n > 0) throw processError('Every line must be received or resolved before the order is finished');
    }
    const moved = await tx
      .update(deliveryOrders)
      .set({ state: body.state, updatedAt: new Date() })
      .where(and(eq(deliveryOrders.id, id), eq(deliveryOrders.state, from)))
      .returning({ id: deliveryOrders.id });
    if (!moved.length) throw processError('The order changed meanwhile');
    await recordTransition(tx, p, id, from, body.state, side, body.note);
  });
  await announce(app, id, 'state', side);
  return loadDetail(app.database.db, p, id);
}

async function orderLines(tx: Tx, orderId: number, ids: number[]) {
  const rows = await tx
    .select()
    .from(deliveryOrderLines)
    .where(and(eq(deliveryOrderLines.orderId, orderId), inArray(deliveryOrderLines.id, ids)));
  return new Map(rows.map((l) => [l.id, l]));
}

/**
 * PUT /delivery/medicine/receipt/{id}: the care side checks what arrived, line by line. A matching
 * count is received; a difference is a query to the pharmacy (with its note) unless accepted.
 */
export async function recordReceipt(app: FastifyInstance, p: Principal, id: number, body: DeliveryReceipt): Promise<DeliveryOrderDetail> {
  requireSide(p, DeliverySide.care);
  await app.database.db.transaction(async (tx) => {
    const order = await lockOrder(tx, p, id);
    if (order.state !== deliveryReceiptState) throw processError('Lines are checked once the order has been picked up');
    const lines = await orderLines(tx, id, body.lines.map((l) => l.line_id));
    const now = new Date();
    for (const [i, input] of body.lines.entries()) {
      const line = lines.get(input.line_id);
      if (!line) throw invalid([{ field: `lines.${i}.line_id`, message: 'validation.invalidOption' }], 'No such line on this order');
      const matches = input.received_quantity === line.quantity;
      if (!matches && !input.note?.trim()) throw invalid([{ field: `lines.${i}.note`, message: 'validation.required' }], 'A difference needs a note');
      const state = matches ? DeliveryLineState.received : input.accept ? DeliveryLineState.resolved : DeliveryLineState.query;
      await tx
        .update(deliveryOrderLines)
        .set({ state, receivedQuantity: input.received_quantity, receiptNote: input.note?.trim() || null, checkedBy: p.staffId, checkedAt: now })
        .where(eq(deliveryOrderLines.id, line.id));
    }
    await tx.update(deliveryOrders).set({ updatedAt: now }).where(eq(deliveryOrders.id, id));
  });
  await announce(app, id, 'receipt', DeliverySide.care);
  return loadDetail(app.database.db, p, id);
}

/** PUT /delivery/medicine/reply/{id}: the pharmacy answers lines in query; the home then closes them. */
export async function replyToQueries(app: FastifyInstance, p: Principal, id: number, body: DeliveryReply): Promise<DeliveryOrderDetail> {
  requireSide(p, DeliverySide.pharmacy);
  await app.database.db.transaction(async (tx) => {
    const order = await lockOrder(tx, p, id);
    if (order.state !== deliveryReceiptState) throw processError('Queries are answered while the order is being received');
    const lines = await orderLines(tx, id, body.lines.map((l) => l.line_id));
    for (const [i, input] of body.lines.entries()) {
      const line = lines.get(input.line_id);
      if (!line) throw invalid([{ field: `lines.${i}.line_id`, message: 'validation.invalidOption' }], 'No such line on this order');
      if (line.state !== DeliveryLineState.query) throw processError('Only a line in query can be answered');
      await tx.update(deliveryOrderLines).set({ reply: input.reply.trim() }).where(eq(deliveryOrderLines.id, line.id));
    }
    await tx.update(deliveryOrders).set({ updatedAt: new Date() }).where(eq(deliveryOrders.id, id));
  });
  await announce(app, id, 'reply', DeliverySide.pharmacy);
  return loadDetail(app.database.db, p, id);
}

/** A repeat order comes due this many days before its interval ends, so the next one arrives in time. */
export const REPEAT_LEAD_DAYS = 3;
/** An offer nobody took lapses this many days after the interval ended. */
export const REPEAT_LAPSE_DAYS = 30;

/**
 * A finished repeat prescription with no follow-on order whose next date is within the lead time
 * (and not lapsed): computed from the orders themselves, so it needs no timer and survives restarts.
 */
function repeatDueCondition(now: number) {
  const next = sql`${deliveryOrders.requestedDate} + make_interval(days => ${deliveryOrders.repeatDays}::int)`;
  return and(
    eq(deliveryOrders.type, DeliveryType.repeatPrescription),
    eq(deliveryOrders.state, DeliveryOrderState.finish),
    sql`${next} - make_interval(days => ${REPEAT_LEAD_DAYS}) <= to_timestamp(${now})`,
    sql`${next} + make_interval(days => ${REPEAT_LAPSE_DAYS}) > to_timestamp(${now})`,
    sql`not exists (select 1 from ${deliveryOrders} as follow where follow.previous_id = ${deliveryOrders.id})`,
  );
}

/** GET /delivery/medicine/repeat: the repeat orders in the caller's scope whose next order is due. */
export async function listRepeatDue(app: FastifyInstance, p: Principal): Promise<DeliveryRepeatDue[]> {
  const due = await deliveryList.read(app.database.db, and(orderScope(p), repeatDueCondition(nowUnix())));
  return due.map(({ item: order }) => ({ order, next_date: order.requested_date + (order.repeat_days ?? 0) * SECONDS_PER_DAY }));
}

/**
 * POST /delivery/medicine/repeat/{id}: the next order of a due repeat prescription, in one step: the
 * same member, pharmacy, lines and interval, requested for the end of the previous interval. An
 * order that is not due (or already continued) is -8.
 */
export async function orderRepeat(app: FastifyInstance, p: Principal, id: number): Promise<DeliveryOrderDetail> {
  requireSide(p, DeliverySide.care);
  const previous = await deliveryList.fetchOne(app.database.db, p, id);
  const nextId = await app.database.db.transaction(async (tx) => {
    const [due] = await tx
      .select({ id: deliveryOrders.id })
      .from(deliveryOrders)
      .where(and(eq(deliveryOrders.id, id), orderScope(p), repeatDueCondition(nowUnix())))
      .for('update');
    if (!due) throw processError('This order has no repeat due');
    await deliveryTarget(tx, previous.org_id, previous.pharmacy_area_id);
    const lines = await tx.select().from(deliveryOrderLines).where(eq(deliveryOrderLines.orderId, id));
    const [order] = await tx
      .insert(deliveryOrders)
      .values({
        orgId: previous.org_id,
        areaId: previous.area_id,
        memberId: previous.member_id,
        pharmacyOrgId: previous.pharmacy_org_id,
        pharmacyAreaId: previous.pharmacy_area_id,
        type: DeliveryType.repeatPrescription,
        state: deliveryInitialState,
        requestedDate: fromUnix(Math.max(previous.requested_date + (previous.repeat_days ?? 0) * SECONDS_PER_DAY, toUnix(new Date()))),
        repeatDays: previous.repeat_days,
        previousId: id,
        photos: previous.photos,
        remark: previous.remark,
        createdBy: p.staffId,
      })
      .returning({ id: deliveryOrders.id });
    // A catalogue entry disabled since is no longer offered: the line keeps its name, without the link.
    const enabled = new Set(
      (await tx.select({ id: medicines.id }).from(medicines).where(and(eq(medicines.orgId, previous.org_id), eq(medicines.enabled, true)))).map((m) => m.id),
    );
    await insertLines(
      tx,
      order.id,
      previous.org_id,
      lines.map((l) => ({
        medicine_id: l.medicineId !== null && enabled.has(l.medicineId) ? l.medicineId : null,
        medicine_name: l.medicineName,
        quantity: l.quantity,
        unit: l.unit,
        remark: l.remark,
      })),
    );
    await recordTransition(tx, p, order.id, null, deliveryInitialState, DeliverySide.care, null);
    return order.id;
  });
  await announce(app, nextId, 'created', DeliverySide.care);
  return loadDetail(app.database.db, p, nextId);
}
