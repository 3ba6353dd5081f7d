import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, asc, count, desc, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import {
  CHART_MAX_RANGE_DAYS,
  dataEnvelope,
  idParam,
  paginated,
  physiologicalKindMeta,
  physiologicChart,
  physiologicChartQuery,
  physiologicListQuery,
  physiologicUpdateRequest,
  sleepListQuery,
  type PhysiologicalKind,
  nowUnix,
  fromUnix,
} from '@vigil/contracts';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Principal } from '../../auth/principal.ts';
import { scopeCondition } from '../../auth/scope.ts';
import type { PermissionKey } from '../../auth/permissions.ts';
import type { Db } from '../../db/client.ts';
import { members, readings } from '../../db/schema/index.ts';
import { invalid, notFound } from '../../http/errors.ts';
import { emptyData, errorResponses } from '../../http/schemas.ts';
import { readingKindCode } from '../../ingest/kinds.ts';
import { paginate, pageWindow } from '../../resources/paging.ts';
import { chartOf } from './chart.ts';
import { recordShapes, type ReadingRow } from './records.ts';

/** Readings belong to the member's organisation and area; related organisations see them with the members grant. */
const scopeOf = (p: Principal) =>
  scopeCondition(p, { org: readings.orgId, area: readings.areaId, grant: 'members' });

/**
 * Only the columns a record needs, with times turned into unix seconds by PostgreSQL: a week of
 * one-minute readings is 10,080 rows, and parsing three timestamps per row into Dates in Node
 * cost more than the query itself.
 */
const epoch = (column: AnyPgColumn) => sql<number>`extract(epoch from ${column})::bigint`.mapWith(Number);
const fields = {
  id: readings.id,
  memberId: readings.memberId,
  source: readings.source,
  value: readings.value,
  value2: readings.value2,
  data: readings.data,
  remark: readings.remark,
  userName: members.name,
  occurTime: epoch(readings.occurTime),
  createdAt: epoch(readings.createdAt),
  updatedAt: epoch(readings.updatedAt),
};

type Filters = { user_id?: number; types?: number[]; start_date?: number; end_date?: number };

function where(kind: number, p: Principal, q: Filters): SQL | undefined {
  return and(
    eq(readings.kind, kind),
    scopeOf(p),
    q.user_id === undefined ? undefined : eq(readings.memberId, q.user_id),
    q.types === undefined ? undefined : inArray(readings.source, q.types),
    q.start_date === undefined ? undefined : gte(readings.occurTime, fromUnix(q.start_date)),
    q.end_date === undefined ? undefined : lte(readings.occurTime, fromUnix(q.end_date)),
  );
}

async function findOne(db: Db, kind: number, p: Principal, id: number): Promise<ReadingRow> {
  const [row] = await db
    .select(fields)
    .from(readings)
    .innerJoin(members, eq(members.id, readings.memberId))
    .where(and(eq(readings.id, id), eq(readings.kind, kind), scopeOf(p)));
  if (!row) throw notFound();
  return row;
}

/**
 * SPEC §7 `/physiologic/*`: for each of the 17 kinds a list (user_id, types, start_date, end_date,
 * order by occur_time, paged or per_page -1), a detail, PATCH of the remark and DELETE; the
 * one-value kinds also answer `{path}/chart`: SPEC §9's rules applied and min-max decimated (docs/charts.md).
 */
export async function physiologicRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;

  for (const [kindName, meta] of Object.entries(physiologicalKindMeta) as [
    PhysiologicalKind,
    (typeof physiologicalKindMeta)[PhysiologicalKind],
  ][]) {
    const path = meta.resource;
    const kind = readingKindCode[kindName];
    const shape = recordShapes[kindName];
    const tag = 'physiologic';
    const permission = (method: string, suffix = '') => `${method} ${path}${suffix}` as PermissionKey;
    const listQuery = kindName === 'sleep' ? sleepListQuery : physiologicListQuery;

    r.get(
      path,
      {
        config: { permission: permission('GET') },
        schema: {
          tags: [tag],
          summary: `${kindName}: list (paged; per_page -1 for all)`,
          querystring: listQuery,
          response: { 200: dataEnvelope(paginated(shape.row)), ...errorResponses },
        },
      },
      async (request, reply) => {
        const q = request.query as Filters & {
          page: number;
          per_page: number;
          order: 'asc' | 'desc';
          order_by: string;
        };
        const condition = where(kind, request.principal, q);
        const direction = q.order === 'desc' ? desc : asc;
        const orderColumn = q.order_by === 'id' ? readings.id : readings.occurTime;
        const { offset, limit } = pageWindow(q);
        const query = db
          .select(fields)
          .from(readings)
          .innerJoin(members, eq(members.id, readings.memberId))
          .where(condition)
          .orderBy(direction(orderColumn), direction(readings.id))
          .$dynamic();
        if (limit === undefined) {
          // Unpaged, a member's whole history could be millions of rows: the range must be given and bounded.
          if (q.start_date === undefined || q.end_date === undefined || q.end_date - q.start_date > CHART_MAX_RANGE_DAYS * 86_400) {
            throw invalid(
              [{ field: q.start_date === undefined ? 'start_date' : 'end_date', message: 'validation.required' }],
              `an unpaged list needs start_date and end_date at most ${CHART_MAX_RANGE_DAYS} days apart`,
            );
          }
          // The charts ask for a whole week at once (10,080 one-minute rows): no count is needed, and
          // the rows come from shape.toRow, so the per-row schema check of the serializer is skipped
          // (tests check these rows against the contracts schemas instead).
          const rows = (await query).map((row) => shape.toRow(row));
          return reply.serializer(JSON.stringify).send({ data: paginate(q, rows.length, rows) });
        }
        const [{ total }] = await db
          .select({ total: count() })
          .from(readings)
          .innerJoin(members, eq(members.id, readings.memberId))
          .where(condition);
        const rows = await query.limit(limit).offset(offset);
        return {
          data: paginate(
            q,
            total,
            rows.map((row) => shape.toRow(row)),
          ),
        };
      },
    );

    if (meta.chart) {
      r.get(
        `${path}/chart`,
        {
          config: { permission: permission('GET') },
          schema: {
            tags: [tag],
            summary: `${kindName}: chart points (SPEC §9 rules applied, each pixel column's min and max kept)`,
            querystring: physiologicChartQuery,
            response: { 200: dataEnvelope(physiologicChart), ...errorResponses },
          },
        },
        async (request, reply) => {
          const q = request.query;
          const end = q.end_date ?? nowUnix();
          const start = q.start_date ?? end - 7 * 86_400;
          // The query schema checks a range it is given whole; one half given leaves the other to the default.
          if (end - start > CHART_MAX_RANGE_DAYS * 86_400 || start > end) {
            throw invalid([{ field: 'start_date', message: 'validation.invalidNumber' }], `a chart covers at most ${CHART_MAX_RANGE_DAYS} days`);
          }
          // Served by readings_member_chart_idx alone (an index-only scan): no heap page is read.
          const rows = await db
            .select({ t: epoch(readings.occurTime), value: readings.value, source: readings.source })
            .from(readings)
            .where(where(kind, request.principal, { ...q, start_date: start, end_date: end }))
            .orderBy(asc(readings.occurTime), asc(readings.id));
          const chart = chartOf(rows, { start, end, width: q.width, gapSeconds: q.gap_seconds });
          // chartOf builds exactly the contracts shape (its tests parse it), so the serializer's
          // per-point schema check is skipped, as for the unpaged list.
          return reply.serializer(JSON.stringify).send({ data: chart });
        },
      );
    }

    r.get(
      `${path}/:id`,
      {
        config: { permission: permission('GET', '/{id}') },
        schema: {
          tags: [tag],
          summary: `${kindName}: detail`,
          params: idParam,
          response: { 200: dataEnvelope(shape.detail), ...errorResponses },
        },
      },
      async (request) => ({
        data: shape.toDetail(await findOne(db, kind, request.principal, request.params.id)),
      }),
    );

    r.patch(
      `${path}/:id`,
      {
        config: { permission: permission('PATCH', '/{id}') },
        schema: {
          tags: [tag],
          summary: `${kindName}: edit the remark`,
          params: idParam,
          body: physiologicUpdateRequest,
          response: { 200: dataEnvelope(shape.row), ...errorResponses },
        },
      },
      async (request) => {
        const id = request.params.id;
        await findOne(db, kind, request.principal, id);
        if (request.body.remark !== undefined) {
          await db
            .update(readings)
            .set({ remark: request.body.remark || null, updatedAt: new Date() })
            .where(eq(readings.id, id));
        }
        return { data: shape.toRow(await findOne(db, kind, request.principal, id)) };
      },
    );

    r.delete(
      `${path}/:id`,
      {
        config: { permission: permission('DELETE', '/{id}') },
        schema: {
          tags: [tag],
          summary: `${kindName}: delete`,
          params: idParam,
          response: { 200: emptyData, ...errorResponses },
        },
      },
      async (request) => {
        await findOne(db, kind, request.principal, request.params.id);
        await db.delete(readings).where(eq(readings.id, request.params.id));
        return { data: null };
      },
    );
  }
}
