import type { FastifyInstance } from 'fastify';
import { and, asc, desc, eq, gte, inArray, lte, not, sql, type SQL } from 'drizzle-orm';
import { fromUnix, toUnix, type AbnormalHandle, type AbnormalListItem, type AbnormalListQuery, type HandleAbnormalRequest } from '@vigil/contracts';
import type { Principal } from '../../../auth/principal.ts';
import { scopeCondition } from '../../../auth/scope.ts';
import type { Db, Tx } from '../../../db/client.ts';
import { abnormalEvents, abnormalHandles, staff } from '../../../db/schema/index.ts';
import { notFound } from '../../../http/errors.ts';
import { countTotal, pageSlice, paginate } from '../../../resources/paging.ts';
import { joinedAlerts, namesOf } from '../../../alerts/items.ts';
import { toAbnormalItem } from '../../../alerts/payload.ts';

/** Abnormal events are the organisation's (area-scoped roles see their area); related organisations with the abnormal grant too. */
export const abnormalScope = (p: Principal) =>
  scopeCondition(p, { org: abnormalEvents.orgId, area: abnormalEvents.areaId, grant: 'abnormal' });

/** Every handling of the given events, oldest first. */
async function handlesOf(db: Db | Tx, ids: number[]): Promise<Map<number, AbnormalHandle[]>> {
  const out = new Map<number, AbnormalHandle[]>();
  if (!ids.length) return out;
  const rows = await db
    .select()
    .from(abnormalHandles)
    .where(inArray(abnormalHandles.abnormalId, ids))
    .orderBy(asc(abnormalHandles.handleTime), asc(abnormalHandles.id));
  for (const h of rows) {
    const list = out.get(h.abnormalId) ?? [];
    list.push({
      content: h.content,
      staff_name: h.staffName,
      handle_time: toUnix(h.handleTime),
      remark: h.remark,
      no_action: h.noAction,
    });
    out.set(h.abnormalId, list);
  }
  return out;
}

/** SPEC §3 list: the latest handling is the row's `handle`. */
export async function listAbnormal(db: Db, p: Principal, q: AbnormalListQuery) {
  const condition = and(
    abnormalScope(p),
    q.is_handle === undefined ? undefined : eq(abnormalEvents.isHandle, q.is_handle === 1),
    q.start_date === undefined ? undefined : gte(abnormalEvents.occurTime, fromUnix(q.start_date)),
    q.end_date === undefined ? undefined : lte(abnormalEvents.occurTime, fromUnix(q.end_date)),
    q.type === undefined ? undefined : eq(abnormalEvents.type, q.type),
    q.types === undefined ? undefined : inArray(abnormalEvents.type, q.types),
    q.class === undefined ? undefined : eq(abnormalEvents.category, q.class),
    q.area_id === undefined ? undefined : eq(abnormalEvents.areaId, q.area_id),
    q.user_id === undefined ? undefined : eq(abnormalEvents.memberId, q.user_id),
    q.org_id === undefined ? undefined : eq(abnormalEvents.orgId, q.org_id),
  ) as SQL;
  const total = await countTotal(db, db.select({ one: sql`1` }).from(abnormalEvents).where(condition));
  const direction = q.order === 'desc' ? desc : asc;
  const column = { id: abnormalEvents.id, occur_time: abnormalEvents.occurTime, type: abnormalEvents.type }[
    q.order_by
  ];
  const order = (d: typeof asc) => [d(column), d(abnormalEvents.id)];
  const slice = pageSlice(q, total);
  // The page's ids first (from the list's end for a deep page), then the page joined with its
  // names: the offset then skips index entries, not joined rows.
  const rows = slice
    ? await joinedAlerts(db)
        .where(
          inArray(
            abnormalEvents.id,
            db
              .select({ id: abnormalEvents.id })
              .from(abnormalEvents)
              .where(condition)
              .orderBy(...order(slice.reverse ? (direction === asc ? desc : asc) : direction))
              .limit(slice.limit)
              .offset(slice.offset),
          ),
        )
        .orderBy(...order(direction))
    : await joinedAlerts(db).where(condition).orderBy(...order(direction));
  const handles = await handlesOf(
    db,
    rows.map((r) => r.e.id),
  );
  const list = rows.map((r) => toAbnormalItem(r.e, namesOf(r), handles.get(r.e.id)?.at(-1) ?? null));
  return paginate(q, total, list);
}

/** One event as the list shows it, with all its handlings; -7 outside the caller's scope. */
export async function findAbnormal(
  db: Db | Tx,
  p: Principal,
  id: number,
): Promise<{ item: AbnormalListItem; handles: AbnormalHandle[] }> {
  const [row] = await joinedAlerts(db).where(and(eq(abnormalEvents.id, id), abnormalScope(p)));
  if (!row) throw notFound();
  const handles = (await handlesOf(db, [id])).get(id) ?? [];
  return { item: toAbnormalItem(row.e, namesOf(row), handles.at(-1) ?? null), handles };
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
    const now = new Date();
    await tx.insert(abnormalHandles).values({ abnormalId: abnormal_id, content, remark: remark || null, noAction: no_action ?? false, staffId: p.staffId, staffName: me.name, handleTime: now });
    await tx.update(abnormalEvents).set({ isHandle: true, updatedAt: now }).where(eq(abnormalEvents.id, abnormal_id));
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
