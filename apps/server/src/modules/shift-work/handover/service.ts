import { and, asc, desc, eq, inArray, isNull, notInArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  HandoverState,
  OrgType,
  fromUnix,
  nowUnix,
  toUnix,
  toUnixOrNull,
  type HandoverAccept,
  type HandoverAction,
  type HandoverCreate,
  type HandoverDetail,
  type HandoverItem,
  type HandoverMember,
  type HandoverUpdate,
  type IllnessSeverity as Severity,
} from '@vigil/contracts';
import type { Db, Tx } from '../../../db/client.ts';
import { areas, handoverActions, handovers, members, staff, type HandoverMemberNote } from '../../../db/schema/index.ts';
import type { Principal } from '../../../auth/principal.ts';
import { scopeCondition } from '../../../auth/scope.ts';
import { forbidden, invalid, notFound, processError } from '../../../http/errors.ts';
import { areaMembers, generateItems, proposedSeverity } from './generate.ts';
import { handoverList } from './rows.ts';

/** The advisory lock space of handover starts (with the area id as the second key). */
const HANDOVER_LOCK = 14_001;
/** The first handover of an area covers the twelve hours before it. */
const FIRST_PERIOD_SECONDS = 12 * 3600;

const owners = alias(staff, 'owners');
const finishers = alias(staff, 'finishers');

const scope = (p: Principal) => scopeCondition(p, { org: handovers.orgId, area: handovers.areaId });

async function lockHandover(tx: Tx, p: Principal, id: number) {
  const [h] = await tx.select().from(handovers).where(and(eq(handovers.id, id), scope(p))).for('update');
  if (!h) throw notFound();
  return h;
}

/** Severity order for the sheet: unstable first, then watchers, then stable, by name within each. */
const bySeverity = (a: HandoverMember, b: HandoverMember) => b.severity - a.severity || a.member_name.localeCompare(b.member_name);

/** The members' part of the sheet from the notes and the items, grouped per member. */
async function sheetMembers(db: Db | Tx, h: typeof handovers.$inferSelect, items: HandoverItem[]): Promise<HandoverMember[]> {
  const noted = new Map(h.notes.map((n) => [n.member_id, n]));
  const people = await areaMembers(db, h.orgId, h.areaId, [...noted.keys(), ...items.flatMap((i) => (i.member_id === null ? [] : [i.member_id]))]);
  return people
    .map((m) => {
      const own = items.filter((i) => i.member_id === m.id);
      const note = noted.get(m.id);
      return {
        member_id: m.id,
        member_name: m.name,
        severity: (note?.severity ?? proposedSeverity(own)) as Severity,
        summary: note?.summary ?? null,
        contingency: note?.contingency ?? null,
        items: own,
      };
    })
    .sort(bySeverity);
}

const itemKey = (i: HandoverItem) => `${i.kind}:${i.source.resource}:${i.source.id}:${JSON.stringify(i.detail)}`;

async function loadActions(db: Db | Tx, handoverId: number): Promise<HandoverAction[]> {
  const rows = await db
    .select({ a: handoverActions, memberName: members.name, ownerName: owners.name, doneByName: finishers.name })
    .from(handoverActions)
    .innerJoin(owners, eq(owners.id, handoverActions.ownerId))
    .leftJoin(members, eq(members.id, handoverActions.memberId))
    .leftJoin(finishers, eq(finishers.id, handoverActions.doneBy))
    .where(eq(handoverActions.handoverId, handoverId))
    .orderBy(asc(handoverActions.dueTime), asc(handoverActions.id));
  return rows.map(({ a, memberName, ownerName, doneByName }) => ({
    id: a.id,
    member_id: a.memberId,
    member_name: memberName,
    content: a.content,
    owner_id: a.ownerId,
    owner_name: ownerName,
    due_time: toUnix(a.dueTime),
    done_at: toUnixOrNull(a.doneAt),
    done_by_name: doneByName,
    carried_from_id: a.carriedFromId,
  }));
}

/**
 * GET /handover/{id}: a draft is the live data itself; once signed the sheet is the frozen copy,
 * with what the generator finds now that the copy lacks (added) or no longer finds (resolved).
 */
export async function loadDetail(db: Db | Tx, p: Principal, id: number): Promise<HandoverDetail> {
  const row = await handoverList.fetchOne(db, p, id);
  const [h] = await db.select().from(handovers).where(eq(handovers.id, id));
  const live = await generateItems(db, { orgId: h.orgId, areaId: h.areaId, from: h.periodStart, to: new Date() });
  let sheet: HandoverMember[];
  let changes: HandoverDetail['changes'] = null;
  if (h.state === HandoverState.draft) {
    sheet = await sheetMembers(db, h, live);
  } else {
    sheet = h.snapshot as HandoverMember[];
    const frozen = sheet.flatMap((m) => m.items);
    const frozenKeys = new Set(frozen.map(itemKey));
    const liveKeys = new Set(live.map(itemKey));
    changes = { added: live.filter((i) => !frozenKeys.has(itemKey(i))), resolved: frozen.filter((i) => !liveKeys.has(itemKey(i))) };
  }
  return { ...row, situation: h.situation, synthesis: h.synthesis, members: sheet, actions: await loadActions(db, h.id), changes };
}

/**
 * POST /handover: the next handover of an area, from the end of the previous one (or twelve hours
 * back) to now. Refused (-8) while another of the area is still open; the previous one's unfinished
 * actions carry over.
 */
export async function createHandover(db: Db, p: Principal, body: HandoverCreate): Promise<HandoverDetail> {
  if (p.orgType !== OrgType.care) throw forbidden();
  const id = await db.transaction(async (tx) => {
    const [area] = await tx
      .select({ id: areas.id, orgId: areas.orgId })
      .from(areas)
      .where(and(eq(areas.id, body.area_id), scopeCondition(p, { org: areas.orgId, area: areas.id })));
    if (!area) throw notFound('Area not found');
    // One open handover per area at a time, so periods never overlap (the lock orders concurrent starts).
    await tx.execute(sql`select pg_advisory_xact_lock(${HANDOVER_LOCK}, ${area.id})`);
    const [open] = await tx
      .select({ id: handovers.id })
      .from(handovers)
      .where(and(eq(handovers.areaId, area.id), notInArray(handovers.state, [HandoverState.accepted])));
    if (open) throw processError('The previous handover of this area is not accepted yet');
    const [previous] = await tx.select().from(handovers).where(eq(handovers.areaId, area.id)).orderBy(desc(handovers.periodEnd)).limit(1);
    const now = nowUnix();
    const from = previous ? previous.periodEnd : fromUnix(now - FIRST_PERIOD_SECONDS);
    const items = await generateItems(tx, { orgId: area.orgId, areaId: area.id, from, to: fromUnix(now) });
    const people = await areaMembers(tx, area.orgId, area.id, items.flatMap((i) => (i.member_id === null ? [] : [i.member_id])));
    const notes: HandoverMemberNote[] = people.map((m) => ({
      member_id: m.id,
      severity: proposedSeverity(items.filter((i) => i.member_id === m.id)),
      summary: null,
      contingency: null,
    }));
    const [created] = await tx
      .insert(handovers)
      .values({ orgId: area.orgId, areaId: area.id, periodStart: from, periodEnd: fromUnix(now), notes, createdBy: p.staffId })
      .returning({ id: handovers.id });
    if (previous) {
      const carried = await tx.select().from(handoverActions).where(and(eq(handoverActions.handoverId, previous.id), isNull(handoverActions.doneAt)));
      if (carried.length) {
        await tx.insert(handoverActions).values(
          carried.map((a) => ({ handoverId: created.id, memberId: a.memberId, content: a.content, ownerId: a.ownerId, dueTime: a.dueTime, carriedFromId: a.id })),
        );
      }
    }
    return created.id;
  });
  return loadDetail(db, p, id);
}

async function assertStaffOf(tx: Tx, orgId: number, ids: number[], field: (i: number) => string, all: number[]) {
  if (!ids.length) return;
  const found = new Set((await tx.select({ id: staff.id }).from(staff).where(and(inArray(staff.id, ids), eq(staff.orgId, orgId)))).map((s) => s.id));
  all.forEach((id, i) => {
    if (!found.has(id)) throw invalid([{ field: field(i), message: 'validation.invalidOption' }]);
  });
}

/** PATCH /handover/{id}: the giver edits a draft: severities and notes, actions, situation. */
export async function updateHandover(db: Db, p: Principal, id: number, body: Partial<HandoverUpdate>): Promise<HandoverDetail> {
  await db.transaction(async (tx) => {
    const h = await lockHandover(tx, p, id);
    if (h.state !== HandoverState.draft) throw processError('A signed handover cannot be changed');
    if (h.createdBy !== p.staffId) throw forbidden();
    const set: Partial<typeof handovers.$inferInsert> = { updatedAt: new Date() };
    if (body.situation !== undefined) set.situation = body.situation ?? null;
    if (body.members) {
      const notes = new Map(h.notes.map((n) => [n.member_id, n]));
      body.members.forEach((m, i) => {
        if (!notes.has(m.member_id)) throw invalid([{ field: `members.${i}.member_id`, message: 'validation.invalidOption' }]);
        notes.set(m.member_id, { member_id: m.member_id, severity: m.severity, summary: m.summary ?? null, contingency: m.contingency ?? null });
      });
      set.notes = [...notes.values()];
    }
    await tx.update(handovers).set(set).where(eq(handovers.id, id));
    if (body.actions) {
      const owners = body.actions.map((a) => a.owner_id);
      await assertStaffOf(tx, h.orgId, [...new Set(owners)], (i) => `actions.${i}.owner_id`, owners);
      const mine = new Set((await tx.select({ id: handoverActions.id }).from(handoverActions).where(eq(handoverActions.handoverId, id))).map((a) => a.id));
      const kept: number[] = [];
      for (const [i, a] of body.actions.entries()) {
        const values = { memberId: a.member_id ?? null, content: a.content, ownerId: a.owner_id, dueTime: fromUnix(a.due_time) };
        if (a.id === undefined) {
          await tx.insert(handoverActions).values({ ...values, handoverId: id });
        } else {
          if (!mine.has(a.id)) throw invalid([{ field: `actions.${i}.id`, message: 'validation.invalidOption' }]);
          await tx.update(handoverActions).set(values).where(eq(handoverActions.id, a.id));
          kept.push(a.id);
        }
      }
      const dropped = [...mine].filter((a) => !kept.includes(a));
      if (dropped.length) await tx.delete(handoverActions).where(inArray(handoverActions.id, dropped));
    }
  });
  return loadDetail(db, p, id);
}

/** PATCH /handover/sign/{id}: the giver signs off; the sheet is frozen as it stands. */
export async function signHandover(db: Db, p: Principal, id: number): Promise<HandoverDetail> {
  await db.transaction(async (tx) => {
    const h = await lockHandover(tx, p, id);
    if (h.state !== HandoverState.draft) throw processError('The handover is already signed');
    if (h.createdBy !== p.staffId) throw forbidden();
    const items = await generateItems(tx, { orgId: h.orgId, areaId: h.areaId, from: h.periodStart, to: new Date() });
    const snapshot = await sheetMembers(tx, h, items);
    const now = new Date();
    await tx.update(handovers).set({ state: HandoverState.signed, snapshot, signedBy: p.staffId, signedAt: now, updatedAt: now }).where(eq(handovers.id, id));
  });
  return loadDetail(db, p, id);
}

/** PATCH /handover/accept/{id}: the receiver, another staff member, acknowledges with their synthesis. */
export async function acceptHandover(db: Db, p: Principal, id: number, body: HandoverAccept): Promise<HandoverDetail> {
  await db.transaction(async (tx) => {
    const h = await lockHandover(tx, p, id);
    if (h.state !== HandoverState.signed) throw processError('Only a signed handover can be accepted');
    if (h.signedBy === p.staffId) throw processError('The giver cannot accept their own handover');
    const now = new Date();
    await tx
      .update(handovers)
      .set({ state: HandoverState.accepted, synthesis: body.synthesis, acceptedBy: p.staffId, acceptedAt: now, updatedAt: now })
      .where(eq(handovers.id, id));
  });
  return loadDetail(db, p, id);
}

/** PATCH /handover/action/{id}: an action done (or reopened), whatever its handover's state. */
export async function markAction(db: Db, p: Principal, actionId: number, done: boolean): Promise<HandoverAction> {
  const [a] = await db
    .select({ handoverId: handoverActions.handoverId })
    .from(handoverActions)
    .innerJoin(handovers, eq(handovers.id, handoverActions.handoverId))
    .where(and(eq(handoverActions.id, actionId), scope(p)));
  if (!a) throw notFound();
  await db
    .update(handoverActions)
    .set(done ? { doneAt: new Date(), doneBy: p.staffId } : { doneAt: null, doneBy: null })
    .where(eq(handoverActions.id, actionId));
  const actions = await loadActions(db, a.handoverId);
  return actions.find((x) => x.id === actionId)!;
}

