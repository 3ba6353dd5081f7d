import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { dataEnvelope, idParam, timelinePage, timelineQuery } from '@vigil/contracts';
import { errorResponses } from '../../../http/schemas.ts';
import { memberTimeline } from './service.ts';

/**
 * GET /user/timeline/{id} (docs/timeline.md). It reads what the member's page shows, so it is
 * allowed with the member's own detail pair: whoever may open the member may read their story.
 */
export async function timelineRoutes(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/user/timeline/:id',
    {
      config: { permission: 'GET /user/{id}' },
      schema: {
        tags: ['user'],
        summary: "A member's timeline: every event of every source, newest first, keyset-paged",
        params: idParam,
        querystring: timelineQuery,
        response: { 200: dataEnvelope(timelinePage), ...errorResponses },
      },
    },
    async (request) => ({ data: await memberTimeline(app.database.db, request.principal, request.params.id, request.query) }),
  );
}
