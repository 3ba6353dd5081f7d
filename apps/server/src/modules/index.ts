import type { FastifyInstance } from 'fastify';
import { healthRoutes } from './health/routes.ts';
import { ingestRoutes } from './ingest/routes.ts';

/** Every API module, registered under the API prefix. */
export async function registerModules(app: FastifyInstance): Promise<void> {
  await app.register(healthRoutes);
  await app.register(ingestRoutes);
}
