import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiPermission, dataEnvelope, listQueryBase, paginated } from '@vigil/contracts';
import { errorResponses } from '../../../http/schemas.ts';
import { paginate, pageWindow } from '../../../resources/paging.ts';

const catalogueQuery = listQueryBase.pick({ page: true, per_page: true, method: true, route: true });

/** GET /api: every permission pair the server registers, for the API settings page. */
export async function apiCatalogueRoutes(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api',
    {
      config: { permission: 'GET /api' },
      schema: {
        tags: ['permissions'],
        summary: 'Catalogue of permission pairs (method, route) the server enforces',
        querystring: catalogueQuery,
        response: { 200: dataEnvelope(paginated(apiPermission)), ...errorResponses },
      },
    },
    async (request) => {
      const { page, per_page, method, route } = request.query;
      const wantedMethod = method?.toUpperCase();
      const all = app.catalogue
        .list()
        .filter((p) => (!wantedMethod || p.method === wantedMethod) && (!route || p.route.includes(route)));
      const { offset, limit } = pageWindow({ page, per_page });
      return { data: paginate({ page, per_page }, all.length, all.slice(offset, limit === undefined ? undefined : offset + limit)) };
    },
  );
}
