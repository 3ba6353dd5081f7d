import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import { dataEnvelope, sidebarRoleDetail, sidebarRoleParam, sidebarRoleUpdate, toUnix } from '@vigil/contracts';
import { roles } from '../../../db/schema/index.ts';
import { isOperator } from '../../../auth/scope.ts';
import { forbidden, notFound } from '../../../http/errors.ts';
import { errorResponses } from '../../../http/schemas.ts';

/**
 * GET and PUT /sidebar/role/{role}: the stored sidebar tree of a role (sidebar settings page).
 * Sign-in and GET /sidebar read the stored tree, so an edit shows at the holders' next load. The
 * pairs are the /sidebar resource's detail and update pairs, which the operators' groups hold.
 */
export async function sidebarSettingsRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/sidebar/role/:role',
    {
      config: { permission: 'GET /sidebar/{id}' },
      schema: { tags: ['permissions'], summary: "A role's stored sidebar", params: sidebarRoleParam, response: { 200: dataEnvelope(sidebarRoleDetail), ...errorResponses } },
    },
    async (request) => {
      if (!isOperator(request.principal)) throw forbidden();
      const [row] = await app.database.db.select().from(roles).where(eq(roles.id, request.params.role));
      if (!row) throw notFound();
      return { data: { role: row.id, sidebar: row.sidebar, updated_at: toUnix(row.updatedAt) } };
    },
  );
  r.put(
    '/sidebar/role/:role',
    {
      config: { permission: 'PUT /sidebar/{id}' },
      schema: {
        tags: ['permissions'],
        summary: "Replace a role's sidebar",
        params: sidebarRoleParam,
        body: sidebarRoleUpdate,
        response: { 200: dataEnvelope(sidebarRoleDetail), ...errorResponses },
      },
    },
    async (request) => {
      if (!isOperator(request.principal)) throw forbidden();
      const [row] = await app.database.db
        .update(roles)
        .set({ sidebar: request.body.sidebar, updatedAt: new Date() })
        .where(eq(roles.id, request.params.role))
        .returning();
      if (!row) throw notFound();
      return { data: { role: row.id, sidebar: row.sidebar, updated_at: toUnix(row.updatedAt) } };
    },
  );
}
