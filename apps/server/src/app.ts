import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance, type FastifyPluginAsync } from 'fastify';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { registerErrorHandler, routeNotFound } from './http/error-handler.ts';
import { registerSecurityHeaders } from './http/security-headers.ts';
import { registerTextGuard } from './http/text-guard.ts';
import { registerUnsetQuery } from './http/unset-query.ts';
import { PermissionCatalogue } from './auth/catalogue.ts';
import { registerAuthGuard } from './auth/guard.ts';
import { LoginThrottle } from './auth/login-throttle.ts';
import { registerModules } from './modules/index.ts';
import { DomainEventBus } from './events.ts';
import { registerRealtime } from './realtime/index.ts';
import { escalateDue, ESCALATION_SCAN_MS } from './modules/alerts/escalation/escalate.ts';
import { careScheduler, CARE_SCHEDULER_MS } from './modules/care/care-handle/scheduler.ts';
import { fhirExportJob, EXPORT_TICK_MS } from './modules/fhir/export-job.ts';
import { AuditTrail } from './audit/trail.ts';
import { loadSealer, type SecretSealer } from './auth/second-factor/sealing.ts';
import { registerAuditTrail } from './audit/hook.ts';
import { registerAlerts } from './alerts/plugin.ts';
import { registerIngest } from './ingest/plugin.ts';
import { registerJobs } from './jobs/plugin.ts';
import { SCHEDULED_REPORT_EVERY_MS, scheduledReportJob } from './reports/scheduled/job.ts';
import type { Mailer } from './notify/mailer.ts';
import { registerMetrics } from './metrics/route.ts';
import { registerChannelAdapters } from './notify/channels-plugin.ts';
import { OUTBOX_TICK_MS, registerNotify } from './notify/plugin.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    events: DomainEventBus;
    catalogue: PermissionCatalogue;
    loginThrottle: LoginThrottle;
    /** Seals TOTP secrets; loaded on first use, since the key file may have to be made. */
    secretSealer: () => Promise<SecretSealer>;
    audit: AuditTrail;
    /** The SMTP transport when mail is configured, else null (notify/mailer.ts). */
    mailer: () => Mailer | null;
  }
}

export type AppDeps = {
  config: Config;
  database: Database;
  /** The API modules; tests pass their own set to exercise the guard and the resource machinery. */
  modules?: FastifyPluginAsync;
};

const prettyLogs = {
  target: 'pino-pretty',
  options: { singleLine: true, translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname,reqId' },
};

const defaultWebDist = fileURLToPath(new URL('../../web/dist', import.meta.url));

/** Builds the HTTP app around an open database. No side effects until the caller listens. */
export async function buildApp({ config, database, modules = registerModules }: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    // A person at a terminal reads one plain line per entry; log collectors get JSON lines.
    logger: { level: config.logLevel, ...(process.stdout.isTTY ? { transport: prettyLogs } : {}) },
    genReqId: () => crypto.randomUUID(),
    requestIdHeader: 'x-request-id',
    // Off unless configured: otherwise any client could pick its own address in X-Forwarded-For
    // and step around the per-address sign-in limit.
    trustProxy: config.trustProxy,
    bodyLimit: 5 * 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('events', new DomainEventBus());
  app.decorate('catalogue', new PermissionCatalogue());
  app.decorate('loginThrottle', LoginThrottle.fromConfig(config));
  app.addHook('onClose', () => app.loginThrottle.close());
  let sealer: Promise<SecretSealer> | undefined;
  app.decorate('secretSealer', () => (sealer ??= loadSealer(config)));
  app.decorate('audit', new AuditTrail(database.db, app.log));
  // The notification core before the alert core, which writes its outbox (docs/notifications.md).
  registerNotify(app);
  app.decorate('mailer', () => app.notify.settings.mailer());
  // Entries still waiting are written before the database goes.
  app.addHook('onClose', () => app.audit.close());
  // The alert core, then ingestion built on it: routes, jobs and the channel reach both as decorations.
  registerAlerts(app);
  registerIngest(app);
  registerChannelAdapters(app);
  registerErrorHandler(app);
  await registerSecurityHeaders(app);

  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Vigil API', version: '0.1.0', description: 'Care-monitoring console API (see docs/).' },
      servers: [{ url: '/' }],
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: `${config.apiPrefix}/docs` });

  app.get('/config.js', { schema: { hide: true } }, async (_req, reply) => {
    const settings = {
      apiBase: config.apiPrefix,
      socketUrl: config.socketUrl,
      mapsKey: config.mapsKey,
      mapId: config.mapId,
      // The console warns two minutes before this idle limit signs it out (docs/security.md).
      idleMinutes: config.tokenIdleMinutes,
      mapTiles: config.mapTiles,
    };
    reply.type('application/javascript').header('cache-control', 'no-store');
    return `window.__VIGIL_CONFIG__ = ${JSON.stringify(settings)};\n`;
  });

  // Everything under the API prefix is guarded (deny by default); docs, config.js and the web app are not.
  await app.register(
    async (api) => {
      app.catalogue.collect(api);
      registerAuthGuard(api);
      registerUnsetQuery(api);
      registerTextGuard(api);
      registerAuditTrail(api);
      await api.register(modules);
    },
    { prefix: config.apiPrefix },
  );

  // Staff real-time channel (/staff) on the same HTTP server; Redis adapter when REDIS_URL is set.
  await registerRealtime(app);
  registerMetrics(app);
  // Every periodic job, started here and stopped with the app. The three the API modules own are
  // handed in: the jobs plugin sits below modules/.
  registerJobs(app, [
    // Overdue alerts are escalated on the staff channel.
    { run: () => escalateDue(app), everyMs: ESCALATION_SCAN_MS, failure: 'escalation scan failed' },
    { run: careScheduler(database.db, app.alerts), everyMs: CARE_SCHEDULER_MS, failure: 'care scheduler tick failed', tickWhenReady: true },
    // FHIR bulk exports asked for are written, and expired ones dropped (docs/fhir.md).
    { run: fhirExportJob(database.db, app.log), everyMs: EXPORT_TICK_MS, failure: 'fhir export job failed' },
    // Notifications whose tier fell due, and retries, are sent (docs/notifications.md).
    { run: () => app.notify.worker.run(), everyMs: OUTBOX_TICK_MS, failure: 'notify: outbox round failed' },
    // Scheduled reports that fell due are made, kept and mailed, once across instances (docs/reports.md).
    { run: scheduledReportJob(app), everyMs: SCHEDULED_REPORT_EVERY_MS, failure: 'scheduled reports: the job failed; it runs again', tickWhenReady: true },
  ]);

  // Fastify allows one not-found handler per context: it serves the SPA shell when a web build
  // exists, and a SPEC -7 body otherwise.
  const webDist = config.webDist ?? defaultWebDist;
  const serveWeb = existsSync(webDist);
  if (serveWeb) await app.register(fastifyStatic, { root: webDist, wildcard: false, index: false });
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0];
    // HEAD is answered like GET (its headers, no body): link checkers and monitors ask with HEAD.
    const isPage = (request.method === 'GET' || request.method === 'HEAD') && !path.startsWith(config.apiPrefix + '/') && !path.includes('.');
    if (serveWeb && isPage) return reply.header('cache-control', 'no-cache').sendFile('index.html');
    return reply.status(404).send(routeNotFound(request.method, request.url));
  });
  return app;
}
