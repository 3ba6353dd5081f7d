import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

const healthResponse = z.object({
  data: z.object({ status: z.enum(['ok', 'degraded']), database: z.boolean(), uptime: z.number() }),
});

export async function healthRoutes(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/health',
    { config: { access: 'public' }, schema: { tags: ['system'], summary: 'Liveness and database reachability', security: [], response: { 200: healthResponse, 503: healthResponse } } },
    async (_req, reply) => {
      const database = await app.database.ping();
      const body = { data: { status: database ? ('ok' as const) : ('degraded' as const), database, uptime: process.uptime() } };
      return reply.status(database ? 200 : 503).send(body);
    },
  );
}
