import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
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
import { errorResponses } from '../../http/schemas.ts';
import { findAbnormal, followAbnormal, handleAbnormal, listAbnormal } from './service.ts';
import { handleRecordResource } from './handle-records.ts';

const tag = 'abnormal';

/**
 * SPEC §7 abnormal calls: GET /abnormal (list, detail), POST /handle/abnormal and
 * PATCH /abnormal/follow/{id}. Handling and following record who did it and when.
 */
export async function abnormalRoutes(app: FastifyInstance): Promise<void> {
  await app.register(handleRecordResource);
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
      const { item, handles } = await handleAbnormal(app, request.principal, request.body);
      return { data: { ...item, handles } };
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
    async (request) => ({ data: await followAbnormal(app, request.principal, request.params.id, request.body?.is_follow) }),
  );
}
