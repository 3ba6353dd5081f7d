import type { FastifyInstance } from 'fastify';
import { healthRoutes } from './health/routes.ts';
import { authRoutes } from './auth/routes.ts';
import { apiCatalogueRoutes } from './auth/api-catalogue.ts';
import { personalRoutes } from './personal/routes.ts';
import { sidebarRoutes } from './sidebar/routes.ts';
import { fileRoutes } from './files/routes.ts';
import { areaRoutes } from './area/routes.ts';
import { ingestRoutes } from './ingest/routes.ts';
import { physiologicRoutes } from './physiologic/routes.ts';
import { abnormalRoutes } from './abnormal/routes.ts';

/** Every API module, registered under the API prefix behind the auth guard. One line each. */
export async function registerModules(app: FastifyInstance): Promise<void> {
  await app.register(healthRoutes);
  await app.register(authRoutes);
  await app.register(apiCatalogueRoutes);
  await app.register(personalRoutes);
  await app.register(sidebarRoutes);
  await app.register(fileRoutes);
  await app.register(areaRoutes);
  await app.register(ingestRoutes);
  await app.register(physiologicRoutes);
  await app.register(abnormalRoutes);
}
