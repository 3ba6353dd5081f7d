import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client.ts';
import { IngestService } from './service.ts';

const services = new WeakMap<Database, IngestService>();

/**
 * The app's one ingestion service (HTTP route, MQTT bridge, simulator share its caches). Keyed by
 * the app's database rather than decorated, so any plugin context and the lead's wiring reach it.
 */
export function ingestServiceOf(app: FastifyInstance): IngestService {
  let service = services.get(app.database);
  if (!service) {
    service = new IngestService(app.database.db, app.events);
    services.set(app.database, service);
  }
  return service;
}

export { IngestService } from './service.ts';
export type { IngestResult } from './envelope.ts';
