import type { FastifyInstance } from 'fastify';
import { and, eq, gt, sql } from 'drizzle-orm';
import {
  AlertPriority,
  abnormalTypeMeta,
  abnormalTypePriority,
  toUnix,
  type AbnormalListItem,
  type AbnormalSnoozeRow,
  type AbnormalType,
  type AcknowledgeAbnormalRequest,
  type SnoozeAbnormalRequest,
} from '@vigil/contracts';
import type { Principal } from '../../../auth/principal.ts';
import { scopeCondition } from '../../../auth/scope.ts';
import { abnormalEvents, abnormalSnoozes, members, staff } from '../../../db/schema/index.ts';
import { invalid, notFound } from '../../../http/errors.ts';
import { memberScope } from '../../members/member/rows.ts';
import { alertList } from '../../../alerts/items.ts';
import { stopChain } from '../../../notify/outbox.ts';

/**
 * Acknowledging and snoozing (docs/alert-rules.md "Acknowledge and snooze"): both only silence.
 * The alert stays open until a person handles it or its reading recovers, so nothing is resolved
 * by silencing it. Both live on the server so a reload or another console sees them.
 */

async function staffName(app: FastifyInstance, p: Principal): Promise<string> {
  const [me] = await app.database.db.select({ name: staff.name }).from(staff).where(eq(staff.id, p.staffId));
  return me?.name ?? '';
}

/**
 * POST /abnormal/acknowledge/{id}: silent for `minutes`, still open; every console is told. Five
 * statements with the session check: acknowledging is what a nurse does to every alert of a burst,
 * and on the embedded database each statement waits for the one before.
 */
export async function acknowledgeAbnormal(
  app: FastifyInstance,
  p: Principal,
  id: number,
  { minutes }: AcknowledgeAbnormalRequest,
): Promise<AbnormalListItem> {
  const { db } = app.database;
  const before = await alertList.fetchOne(db, p, id);
  if (before.is_handle) throw invalid([{ field: 'id', message: 'abnormal.acknowledge.handled' }], 'The alert is already handled');
  const now = new Date();
  const [row] = await db
    .update(abnormalEvents)
    .set({
      acknowledgedUntil: new Date(now.getTime() + minutes * 60_000),
      acknowledgedBy: p.staffId,
      acknowledgedByName: sql`coalesce((select ${staff.name} from ${staff} where ${staff.id} = ${p.staffId}), '')`,
      // The first acknowledgement is the alert's first response; a renewal does not move it.
      acknowledgedAt: sql`coalesce(${abnormalEvents.acknowledgedAt}, now())`,
      updatedAt: now,
    })
    .where(eq(abnormalEvents.id, id))
    .returning();
  // An acknowledgement from any channel stops the off-screen chain everywhere (docs/notifications.md).
  await stopChain(db, id, 'acknowledged');
  // Only the acknowledgement changed: the item read above with it, not read again.
  const item: AbnormalListItem = { ...before, acknowledged_until: toUnix(row.acknowledgedUntil!), acknowledged_by: row.acknowledgedByName };
  if (row.recoveredAt === null) app.events.emit('abnormal', { org_id: row.orgId, area_id: row.areaId, member_id: row.memberId, payload: item });
  return item;
}

/** Snoozes in force in the caller's scope, soonest to end first. */
export async function listSnoozes(app: FastifyInstance, p: Principal): Promise<AbnormalSnoozeRow[]> {
  const rows = await app.database.db
    .select({ s: abnormalSnoozes, name: members.name })
    .from(abnormalSnoozes)
    .innerJoin(members, eq(members.id, abnormalSnoozes.memberId))
    .where(and(scopeCondition(p, { org: abnormalSnoozes.orgId, area: abnormalSnoozes.areaId, grant: 'abnormal' }), gt(abnormalSnoozes.until, new Date())))
    .orderBy(abnormalSnoozes.until);
  return rows.map(({ s, name }) => ({
    id: s.id,
    user_id: s.memberId,
    user_name: name,
    type: s.type,
    until: toUnix(s.until),
    staff_name: s.staffName,
    created_at: toUnix(s.createdAt),
  }));
}

/**
 * POST /abnormal/snooze: one member, one type. A high-priority type cannot be snoozed: a higher
 * priority always breaks through (acknowledging it is the way to silence it for a while).
 */
export async function snoozeAbnormal(app: FastifyInstance, p: Principal, body: SnoozeAbnormalRequest): Promise<AbnormalSnoozeRow> {
  const { db } = app.database;
  if (!(body.type in abnormalTypeMeta)) throw invalid([{ field: 'type', message: 'validation.invalidOption' }]);
  if (abnormalTypePriority(body.type as AbnormalType) === AlertPriority.high)
    throw invalid([{ field: 'type', message: 'abnormal.snooze.highPriority' }], 'A high-priority alert cannot be snoozed');
  const [member] = await db
    .select({ id: members.id, orgId: members.orgId, areaId: members.areaId })
    .from(members)
    .where(and(eq(members.id, body.user_id), scopeCondition(p, memberScope)));
  if (!member) throw invalid([{ field: 'user_id', message: 'error.notFound' }], 'Member not found');
  const now = new Date();
  const values = {
    orgId: member.orgId,
    areaId: member.areaId,
    memberId: member.id,
    type: body.type,
    until: new Date(now.getTime() + body.minutes * 60_000),
    staffId: p.staffId,
    staffName: await staffName(app, p),
    updatedAt: now,
  };
  const [row] = await db
    .insert(abnormalSnoozes)
    .values(values)
    .onConflictDoUpdate({ target: [abnormalSnoozes.memberId, abnormalSnoozes.type], set: { ...values, createdAt: now } })
    .returning();
  announceSnooze(app, row);
  const list = await listSnoozes(app, p);
  return list.find((s) => s.id === row.id)!;
}

/** DELETE /abnormal/snooze/{id}: the member's alerts of that type sound again. */
export async function endSnooze(app: FastifyInstance, p: Principal, id: number): Promise<void> {
  const { db } = app.database;
  const [row] = await db
    .delete(abnormalSnoozes)
    .where(and(eq(abnormalSnoozes.id, id), scopeCondition(p, { org: abnormalSnoozes.orgId, area: abnormalSnoozes.areaId, grant: 'abnormal' })))
    .returning();
  if (!row) throw notFound();
  announceSnooze(app, row);
}

function announceSnooze(app: FastifyInstance, row: typeof abnormalSnoozes.$inferSelect): void {
  app.events.emit('abnormalSnooze', {
    org_id: row.orgId,
    area_id: row.areaId,
    member_id: row.memberId,
    payload: { id: row.id, user_id: row.memberId, type: row.type },
  });
}
