import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { eq, not } from 'drizzle-orm';
import {
  abnormalDetailView,
  abnormalListItem,
  abnormalListQuery,
  dataEnvelope,
  followAbnormalRequest,
  handleAbnormalRequest,
  idParam,
  paginated,
  Resource,
} from '@vigil/contracts';
import { abnormalEvents, abnormalHandles, staff } from '../../db/schema/index.ts';
import { errorResponses } from '../../http/schemas.ts';
import { ingestServiceOf } from '../../ingest/index.ts';
import { findAbnormal, listAbnormal } from './service.ts';

const tag = 'abnormal';

/**
 * SPEC §7 abnormal calls: GET /abnormal (list, detail), POST /handle/abnormal and
 * PATCH /abnormal/follow/{id}. Handling and following record who did it and when.
 */
export async function abnormalRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;

  r.get(
    Resource.abnormal,
    {
      config: { permission: 'GET /abnormal' },
      schema: {
        tags: [tag],
        summary:
          'List abnormal events (is_handle, start_date, end_date, type, class, area_id, user_id; per_page -1 for all)',
        querystring: abnormalListQuery,
        response: { 200: dataEnvelope(paginated(abnormalListItem)), ...errorResponses },
      },
    },
    async (request) => ({ data: await listAbnormal(db, request.principal, request.query) }),
  );

  r.get(
    `${Resource.abnormal}/:id`,
    {
      config: { permission: 'GET /abnormal/{id}' },
      schema: {
        tags: [tag],
        summary: 'Abnormal event with all its handlings',
        params: idParam,
        response: { 200: dataEnvelope(abnormalDetailView), ...errorResponses },
      },
    },
    async (request) => {
      const { item, handles } = await findAbnormal(db, request.principal, request.params.id);
      return { data: { ...item, handles } };
    },
  );

  r.post(
    Resource.handleAbnormal,
    {
      config: { permission: 'POST /handle/abnormal' },
      schema: {
        tags: [tag],
        summary: 'Handle an abnormal event: records the handling and marks the event processed',
        body: handleAbnormalRequest,
        response: { 200: dataEnvelope(abnormalDetailView), ...errorResponses },
      },
    },
    async (request) => {
      const p = request.principal;
      const { abnormal_id, content, remark } = request.body;
      const { found, row } = await db.transaction(async (tx) => {
        await findAbnormal(tx, p, abnormal_id);
        const [me] = await tx.select({ name: staff.name }).from(staff).where(eq(staff.id, p.staffId));
        const now = new Date();
        await tx
          .insert(abnormalHandles)
          .values({
            abnormalId: abnormal_id,
            content,
            remark: remark || null,
            staffId: p.staffId,
            staffName: me.name,
            handleTime: now,
          });
        await tx
          .update(abnormalEvents)
          .set({ isHandle: true, updatedAt: now })
          .where(eq(abnormalEvents.id, abnormal_id));
        const [row] = await tx.select().from(abnormalEvents).where(eq(abnormalEvents.id, abnormal_id));
        return { found: await findAbnormal(tx, p, abnormal_id), row };
      });
      // Handled: the next crossing of this member/device/type may open a new event.
      ingestServiceOf(app).raiser.forget(row.type, row.memberId, row.deviceId);
      app.events.emit('abnormalHandled', {
        org_id: row.orgId,
        area_id: row.areaId,
        member_id: row.memberId,
        payload: found.item,
      });
      return { data: { ...found.item, handles: found.handles } };
    },
  );

  r.patch(
    `${Resource.abnormal}/follow/:id`,
    {
      config: { permission: 'PATCH /abnormal/follow/{id}' },
      schema: {
        tags: [tag],
        summary: 'Follow or unfollow an abnormal event (flips the flag unless is_follow is given)',
        params: idParam,
        body: followAbnormalRequest.nullish(),
        response: { 200: dataEnvelope(abnormalListItem), ...errorResponses },
      },
    },
    async (request) => {
      const p = request.principal;
      const id = request.params.id;
      await findAbnormal(db, p, id);
      const wanted = request.body?.is_follow;
      const [row] = await db
        .update(abnormalEvents)
        .set({
          isFollow: wanted ?? not(abnormalEvents.isFollow),
          followBy: p.staffId,
          followAt: new Date(),
          updatedAt: new Date(),
        })
        .where(eq(abnormalEvents.id, id))
        .returning();
      const { item } = await findAbnormal(db, p, id);
      // SPEC §4: an updated event is pushed like a new one, so every console in scope shows the
      // flag at once. A handled or recovered event has left the feeds; re-announcing it on
      // `abnormal` would bring it back, so only open events are published.
      if (!row.isHandle && row.recoveredAt === null) {
        app.events.emit('abnormal', {
          org_id: row.orgId,
          area_id: row.areaId,
          member_id: row.memberId,
          payload: item,
        });
      }
      return { data: item };
    },
  );
}
