import { AsyncLocalStorage } from 'node:async_hooks';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/**
 * The process's Prometheus metrics (docs/operations.md "Metrics"). One registry per process, as a
 * scrape sees one process: code increments these where things happen, and GET /metrics
 * (metrics/route.ts) prints them. Gauges of things an app owns (sockets, the pool) read the live
 * sources registered below when scraped.
 */
export const registry = new Registry();
collectDefaultMetrics({ register: registry, prefix: 'vigil_' });

export const httpDuration = new Histogram({
  name: 'vigil_http_request_duration_seconds',
  help: 'HTTP request duration by route pattern, method and status code',
  labelNames: ['method', 'route', 'status_code'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [registry],
});

export const ingestReadings = new Counter({
  name: 'vigil_ingest_readings_total',
  help: 'Readings received by ingestion (HTTP and MQTT), by outcome: accepted, rejected or duplicate',
  labelNames: ['outcome'] as const,
  registers: [registry],
});

export const alertDelivery = new Histogram({
  name: 'vigil_alert_delivery_seconds',
  help: 'From a reading accepted by ingestion to its alert delivered on the staff channel',
  buckets: [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10],
  registers: [registry],
});

export const jobDuration = new Histogram({
  name: 'vigil_job_duration_seconds',
  help: 'Duration of a periodic job run',
  labelNames: ['job'] as const,
  buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 15, 60, 300],
  registers: [registry],
});

export const jobFailures = new Counter({
  name: 'vigil_job_failures_total',
  help: 'Periodic job runs that failed',
  labelNames: ['job'] as const,
  registers: [registry],
});

/** Live sources the gauges read when scraped; each app adds its own and removes it on close. */
type Pool = { totalCount: number; idleCount: number; waitingCount: number };
export const socketSources = new Set<() => number>();
export const poolSources = new Set<() => Pool>();

new Gauge({
  name: 'vigil_realtime_sockets',
  help: 'Staff sockets connected to this instance',
  registers: [registry],
  collect() {
    this.set([...socketSources].reduce((n, count) => n + count(), 0));
  },
});

new Gauge({
  name: 'vigil_db_pool_connections',
  help: 'Database connections of this instance by state: total, idle, and callers waiting for one',
  labelNames: ['state'] as const,
  registers: [registry],
  collect() {
    const pools = [...poolSources].map((read) => read());
    for (const state of ['total', 'idle', 'waiting'] as const) {
      const key = ({ total: 'totalCount', idle: 'idleCount', waiting: 'waitingCount' } as const)[state];
      this.set({ state }, pools.reduce((n, p) => n + p[key], 0));
    }
  },
});

/**
 * When the readings being evaluated were accepted (ms): ingestion runs its alert evaluation inside
 * it, and the staff channel's relay, called synchronously by the raiser's event, reads it to time
 * the delivery. Alerts raised by sweeps or the scheduler carry none and are not timed.
 */
export const readingAcceptedAt = new AsyncLocalStorage<number>();
