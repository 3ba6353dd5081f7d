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
    const created = new IngestService(app.database.db, app.events);
    service = created;
    services.set(app.database, created);
    warmWhenReady(app, created);
  }
  return service;
}

/**
 * Warms the new service's device directory and standards as the app becomes ready, so the first
 * readings after a start meet warm caches (docs/ingest.md). Awaited by `ready()` so nothing races
 * it; a failure is logged and never stops the app — the caches then fill on demand as before.
 * A service first asked for after the app is ready (no ingestion routes) fills on demand.
 */
function warmWhenReady(app: FastifyInstance, service: IngestService): void {
  const warm = async () => {
    try {
      const started = Date.now();
      const warmed = await service.warm();
      app.log.info({ ...warmed, ms: Date.now() - started }, 'ingest: caches warmed');
    } catch (err) {
      app.log.warn({ err }, 'ingest: warming the caches failed; they fill on demand');
    }
  };
  try {
    app.addHook('onReady', warm);
  } catch {
    // Too late for onReady hooks: the app is already up.
  }
}

export { IngestService } from './service.ts';
export type { IngestResult } from './envelope.ts';
