import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { routeNotFound } from '../http/error-handler.ts';
import { httpDuration, poolSources, registry, socketSources } from './registry.ts';
// Registered with the registry on import, so a scrape lists them before the notification core counts.
import './notifications.ts';

function sameToken(given: string | undefined, token: string): boolean {
  if (!given) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * GET /metrics (Prometheus text format) when METRICS_TOKEN is set, for a scraper that sends it as
 * a bearer token; absent otherwise. Also times every request by its route pattern (never the raw
 * URL, which would make one series per id).
 */
export function registerMetrics(app: FastifyInstance): void {
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    httpDuration.observe({ method: request.method, route, status_code: String(reply.statusCode) }, reply.elapsedTime / 1000);
  });
  const pool = app.database.pool;
  if (pool) {
    const read = () => ({ totalCount: pool.totalCount, idleCount: pool.idleCount, waitingCount: pool.waitingCount });
    poolSources.add(read);
    app.addHook('onClose', async () => void poolSources.delete(read));
  }
  const count = () => app.realtime.staff.sockets.size;
  socketSources.add(count);
  app.addHook('onClose', async () => void socketSources.delete(count));
  const token = app.config.metricsToken;
  if (!token) return;
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (!sameToken(request.headers.authorization?.replace(/^Bearer /, ''), token)) {
      return reply.status(404).send(routeNotFound(request.method, request.url));
    }
    reply.header('content-type', registry.contentType).header('cache-control', 'no-store');
    return registry.metrics();
  });
}
