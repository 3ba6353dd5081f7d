import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
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
} from '@vigil/contracts';
import type { PermissionKey } from '../../../auth/permissions.ts';
import { emptyData, errorResponses } from '../../../http/schemas.ts';
import { readingKindCode } from '../../../ingest/kinds.ts';
import { auditRecord } from '../../../audit/hook.ts';
import { recordShapes } from './records.ts';
import { deleteReading, findReading, listReadings, readingChart, updateRemark, type ReadingListQuery } from './service.ts';

/**
 * SPEC §7 `/physiologic/*`: for each of the 17 kinds a list (user_id, types, start_date, end_date,
 * order by occur_time, paged or per_page -1), a detail, PATCH of the remark and DELETE; the
 * one-value kinds also answer `{path}/chart`: SPEC §9's rules applied and min-max decimated (docs/charts.md).
 */
export async function physiologicRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;
  const tags = ['physiologic'];

  for (const [kindName, meta] of Object.entries(physiologicalKindMeta) as [PhysiologicalKind, (typeof physiologicalKindMeta)[PhysiologicalKind]][]) {
    const path = meta.resource;
    const kind = readingKindCode[kindName];
    const shape = recordShapes[kindName];
    const permission = (method: string, suffix = '') => `${method} ${path}${suffix}` as PermissionKey;
    const querystring = kindName === 'sleep' ? sleepListQuery : physiologicListQuery;
    const summary = (what: string) => `${kindName}: ${what}`;

    r.get(
      path,
      {
        config: { permission: permission('GET') },
        schema: { tags, summary: summary('list (paged; per_page -1 for all)'), querystring, response: { 200: dataEnvelope(paginated(shape.row)), ...errorResponses } },
      },
      async (request, reply) => {
        const q = request.query as ReadingListQuery;
        const data = await listReadings(db, kindName, request.principal, q);
        // An unpaged list is a chart's week of one-minute rows made by shape.toRow, so the
        // serializer's per-row schema check is skipped (tests check them against the contracts).
        return q.per_page === -1 ? reply.serializer(JSON.stringify).send({ data }) : { data };
      },
    );

    if (meta.chart) {
      r.get(
        `${path}/chart`,
        {
          config: { permission: permission('GET') },
          schema: {
            tags,
            summary: summary("chart points (SPEC §9 rules applied, each pixel column's min and max kept)"),
            querystring: physiologicChartQuery,
            response: { 200: dataEnvelope(physiologicChart), ...errorResponses },
          },
        },
        // chartOf builds exactly the contracts shape (its tests parse it): no per-point schema check.
        async (request, reply) => reply.serializer(JSON.stringify).send({ data: await readingChart(db, kind, request.principal, request.query) }),
      );
    }

    r.get(
      `${path}/:id`,
      {
        config: { permission: permission('GET', '/{id}') },
        schema: { tags, summary: summary('detail'), params: idParam, response: { 200: dataEnvelope(shape.detail), ...errorResponses } },
      },
      async (request) => {
        const reading = await findReading(db, kind, request.principal, request.params.id);
        auditRecord(request, { id: reading.id, user_id: reading.memberId });
        return { data: shape.toDetail(reading) };
      },
    );

    r.patch(
      `${path}/:id`,
      {
        config: { permission: permission('PATCH', '/{id}') },
        schema: { tags, summary: summary('edit the remark'), params: idParam, body: physiologicUpdateRequest, response: { 200: dataEnvelope(shape.row), ...errorResponses } },
      },
      async (request) => {
        const reading = await updateRemark(db, kind, request.principal, request.params.id, request.body.remark);
        auditRecord(request, { id: reading.id, user_id: reading.memberId });
        return { data: shape.toRow(reading) };
      },
    );

    r.delete(
      `${path}/:id`,
      {
        config: { permission: permission('DELETE', '/{id}') },
        schema: { tags, summary: summary('delete'), params: idParam, response: { 200: emptyData, ...errorResponses } },
      },
      async (request) => {
        const reading = await deleteReading(db, kind, request.principal, request.params.id);
        auditRecord(request, { id: reading.id, user_id: reading.memberId });
        return { data: null };
      },
    );
  }
}
