import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance } from 'fastify';
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
import { registerErrorHandler } from './http/error-handler.ts';
import { registerModules } from './modules/index.ts';
import { DomainEventBus } from './events.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    events: DomainEventBus;
  }
}

export type AppDeps = { config: Config; database: Database };

const defaultWebDist = fileURLToPath(new URL('../../web/dist', import.meta.url));

/** Builds the HTTP app around an open database. No side effects until the caller listens. */
export async function buildApp({ config, database }: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: config.logLevel },
    genReqId: () => crypto.randomUUID(),
    requestIdHeader: 'x-request-id',
    trustProxy: true,
    bodyLimit: 5 * 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('events', new DomainEventBus());
  registerErrorHandler(app);

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
    };
    reply.type('application/javascript').header('cache-control', 'no-store');
    return `window.__VIGIL_CONFIG__ = ${JSON.stringify(settings)};\n`;
  });

  await app.register(registerModules, { prefix: config.apiPrefix });

  const webDist = config.webDist ?? defaultWebDist;
  if (existsSync(webDist)) {
    await app.register(fastifyStatic, { root: webDist, wildcard: false, index: false });
    // SPA fallback: any GET outside the API that is not a file gets the app shell.
    app.setNotFoundHandler((request, reply) => {
      const path = request.url.split('?')[0];
      if (request.method === 'GET' && !path.startsWith(config.apiPrefix + '/') && !path.includes('.')) {
        return reply.header('cache-control', 'no-cache').sendFile('index.html');
      }
      return reply.status(404).send({ code: -7, message: `No route ${request.method} ${path}` });
    });
  }
  return app;
}
