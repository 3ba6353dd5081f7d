import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dataEnvelope, sidebarItem } from '@vigil/contracts';
import { loadGrants } from '../../../auth/permissions.ts';
import { errorResponses } from '../../../http/schemas.ts';
import { sidebarForOrg } from '../../../auth/sidebar.ts';

/** GET /sidebar: the stored sidebar of the caller's role (with any unexpired temporary role's). */
export async function sidebarRoutes(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/sidebar',
    {
      config: { permission: 'GET /sidebar' },
      schema: { tags: ['permissions'], summary: 'Sidebar of the signed-in role', response: { 200: dataEnvelope(z.array(sidebarItem)), ...errorResponses } },
    },
    async (request) => {
      const { staffId, role } = request.principal;
      const { sidebar } = await loadGrants(app.database.db, staffId, role);
      return { data: await sidebarForOrg(app.database.db, request.principal.orgId, sidebar) };
    },
  );
}
