import type { FastifyInstance } from 'fastify';
import { eq, not, sql } from 'drizzle-orm';
import type { AbnormalHandle, AbnormalListItem, HandleAbnormalRequest } from '@vigil/contracts';
import type { Principal } from '../../../auth/principal.ts';
import type { Db, Tx } from '../../../db/client.ts';
import { abnormalEvents, abnormalHandles, staff } from '../../../db/schema/index.ts';
import { alertList, handlesOf } from '../../../alerts/items.ts';
import { stopChain } from '../../../notify/outbox.ts';

/** One event as the list shows it, with all its handlings; -7 outside the caller's scope. */
export async function findAbnormal(
  db: Db | Tx,
  p: Principal,
  id: number,
): Promise<{ item: AbnormalListItem; handles: AbnormalHandle[] }> {
  const item = await alertList.fetchOne(db, p, id);
  return { item, handles: (await handlesOf(db, [id])).get(id) ?? [] };
}

/**
 * Writes one handling: its record and the event marked processed, in the caller's transaction. The
 * demo's handled alerts are written by it too (demo/alert-handling.ts), so they are the same rows.
 */
export async function recordHandling(
  tx: Tx,
  { abnormal_id, content, remark, no_action }: HandleAbnormalRequest,
  by: { id: number; name: string },
  at: Date,
): Promise<void> {
  await tx.insert(abnormalHandles).values({
    abnormalId: abnormal_id,
    memberId: sql`(select ${abnormalEvents.memberId} from ${abnormalEvents} where ${abnormalEvents.id} = ${abnormal_id})`,
    content, remark: remark || null, noAction: no_action ?? false, staffId: by.id, staffName: by.name, handleTime: at });
  await tx.update(abnormalEvents).set({ isHandle: true, updatedAt: at }).where(eq(abnormalEvents.id, abnormal_id));
  // Handling ends the alert's notification chain on every channel.
  await stopChain(tx, abnormal_id, 'handled');
}

/**
 * Handles an event: records the handling (who, when, what) and marks the event processed in one
 * transaction, then lets the next crossing of the same member/device/type open a new event and
 * tells the staff channel.
 */
export async function handleAbnormal(
  app: FastifyInstance,
  p: Principal,
  { abnormal_id, content, remark, no_action }: HandleAbnormalRequest,
): Promise<{ item: AbnormalListItem; handles: AbnormalHandle[] }> {
  const { found, row } = await app.database.db.transaction(async (tx) => {
    await findAbnormal(tx, p, abnormal_id);
    const [me] = await tx.select({ name: staff.name }).from(staff).where(eq(staff.id, p.staffId));
    await recordHandling(tx, { abnormal_id, content, remark, no_action }, { id: p.staffId, name: me.name }, new Date());
    const [row] = await tx.select().from(abnormalEvents).where(eq(abnormalEvents.id, abnormal_id));
    return { found: await findAbnormal(tx, p, abnormal_id), row };
  });
  app.alerts.forget(row.type, row.memberId, row.deviceId);
  app.events.emit('abnormalHandled', { org_id: row.orgId, area_id: row.areaId, member_id: row.memberId, payload: found.item });
  return found;
}

/** Sets (or, without `wanted`, flips) an event's follow flag, stamped with who and when. */
export async function followAbnormal(app: FastifyInstance, p: Principal, id: number, wanted: boolean | undefined): Promise<AbnormalListItem> {
  const { db } = app.database;
  await findAbnormal(db, p, id);
  const [row] = await db
    .update(abnormalEvents)
    .set({ isFollow: wanted ?? not(abnormalEvents.isFollow), followBy: p.staffId, followAt: new Date(), updatedAt: new Date() })
    .where(eq(abnormalEvents.id, id))
    .returning();
  const { item } = await findAbnormal(db, p, id);
  // SPEC §4: an updated event is pushed like a new one, so every console in scope shows the
  // flag at once. A handled or recovered event has left the feeds; re-announcing it on
  // `abnormal` would bring it back, so only open events are published.
  if (!row.isHandle && row.recoveredAt === null) {
    app.events.emit('abnormal', { org_id: row.orgId, area_id: row.areaId, member_id: row.memberId, payload: item });
  }
  return item;
}
