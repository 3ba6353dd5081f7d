import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { dataEnvelope, wallQuery, wallSnapshot } from '@vigil/contracts';
import { errorResponses } from '../../../http/schemas.ts';
import { wallSnapshotOf } from './service.ts';

/**
 * The live wall's first picture (docs/wall.md). The page then follows the staff socket only, so
 * this route is read once per visit; it is one statement for every tile rather than a list per kind.
 */
export async function wallRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/wall',
    {
      config: { permission: 'GET /wall' },
      schema: {
        tags: ['wall'],
        summary: 'Every member in scope with the latest vital signs, device state, bed state and open alerts',
        querystring: wallQuery,
        response: { 200: dataEnvelope(wallSnapshot), ...errorResponses },
      },
    },
    async (request) => ({ data: await wallSnapshotOf(app.database.db, request.principal, request.query) }),
  );
}
