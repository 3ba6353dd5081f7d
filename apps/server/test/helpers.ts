import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyPluginAsync, InjectOptions, LightMyRequestResponse, RouteOptions } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, beforeEach, inject } from 'vitest';
import { buildApp } from '../src/app.ts';
import { registerModules } from '../src/modules/index.ts';
import { testConfig, type Config } from '../src/config.ts';
import { openDatabase, type Database, type Db } from '../src/db/client.ts';
import { TEST_PASSWORD } from './fixtures.ts';
import { DEMO_TOTP_SECRET } from '../src/demo/second-factor.ts';
import { totpCode } from '../src/auth/second-factor/totp.ts';
import { databaseUrl } from './postgres-url.ts';

export type TestApp = { app: FastifyInstance; db: Db; database: Database; close(): Promise<void> };

/** A private copy of the project's template database (see global-setup.ts; PGlite's is an uncompressed tar). */
async function cloneDatabase(): Promise<{ database: Database; drop(): Promise<void> }> {
  if (process.env.VIGIL_TEST_DB !== 'postgres') {
    const dump = await readFile(inject('pgliteTemplate'));
    const database = await openDatabase({ kind: 'pglite', loadDataDir: new Blob([dump]) });
    return { database, drop: async () => undefined };
  }
  const serverUrl = inject('postgresUrl');
  const name = `vigil_t_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name} template ${inject('postgresTemplate')}`);
  } finally {
    await admin.end();
  }
  const database = await openDatabase({ kind: 'postgres', url: databaseUrl(serverUrl, name), poolSize: 4 });
  return {
    database,
    drop: async () => {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

/** An app on an existing database: for a second configuration (tiny limits, short sessions) in one file. */
export async function buildTestApp(
  database: Database,
  overrides: Partial<Config> = {},
  modules?: FastifyPluginAsync,
): Promise<FastifyInstance> {
  const uploadDir = overrides.uploadDir ?? (await mkdtemp(join(tmpdir(), 'vigil-uploads-')));
  const app = await buildApp({ config: testConfig({ uploadDir, ...overrides }), database, modules });
  if (!overrides.uploadDir) app.addHook('onClose', () => rm(uploadDir, { recursive: true, force: true }));
  await app.ready();
  return app;
}

/**
 * For tests that walk the route catalogue: the app with every module, built in `beforeAll` and
 * closed after, and each route as it was registered (its method, url and config).
 */
export function useRouteCatalogue(t: TestApp): { app: () => FastifyInstance; routes: RouteOptions[] } {
  let app: FastifyInstance | undefined;
  const routes: RouteOptions[] = [];
  beforeAll(async () => {
    app = await buildTestApp(t.database, {}, async (scope) => {
      scope.addHook('onRoute', (route) => {
        routes.push(route);
      });
      await scope.register(registerModules);
    });
    return () => app?.close();
  });
  return { app: () => app!, routes };
}

/** A fresh app on a fresh clone of the template database. */
export async function createTestApp(overrides: Partial<Config> = {}): Promise<TestApp> {
  const { database, drop } = await cloneDatabase();
  const app = await buildTestApp(database, overrides);
  return {
    app,
    db: database.db,
    database,
    async close() {
      await app.close();
      await database.close();
      await drop();
    },
  };
}

/**
 * The usual shape of an API test file: one app and database for the file, closed afterwards; every
 * test is skipped (with the reason) when the project's database is not available here.
 */
export function useTestApp(overrides: Partial<Config> = {}): TestApp {
  const skipReason = inject('skipReason');
  let current: TestApp | undefined;
  beforeAll(async () => {
    if (!skipReason) current = await createTestApp(overrides);
  });
  beforeEach((ctx) => {
    if (skipReason) ctx.skip(skipReason);
  });
  afterAll(async () => {
    await current?.close();
  });
  const get = () => {
    if (!current) throw new Error('the test app exists only inside tests');
    return current;
  };
  return {
    get app() {
      return get().app;
    },
    get db() {
      return get().db;
    },
    get database() {
      return get().database;
    },
    close: () => get().close(),
  };
}

export type ApiResponse = LightMyRequestResponse & { body: string };

/** Small inject wrapper: paths are relative to the API prefix, bodies are JSON. */
export function api(app: FastifyInstance, token?: string, options: { ip?: string } = {}) {
  const send = (method: InjectOptions['method'], path: string, payload?: unknown, query?: Record<string, string | number>) =>
    app.inject({
      method,
      url: app.config.apiPrefix + path,
      query: query && Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])),
      headers: token ? { authorization: `Bearer ${token}` } : {},
      remoteAddress: options.ip,
      ...(payload !== undefined && { payload: payload as InjectOptions['payload'] }),
    });
  return {
    get: (path: string, query?: Record<string, string | number>) => send('GET', path, undefined, query),
    post: (path: string, body?: unknown) => send('POST', path, body),
    put: (path: string, body?: unknown) => send('PUT', path, body),
    patch: (path: string, body?: unknown) => send('PATCH', path, body),
    delete: (path: string) => send('DELETE', path),
  };
}

/**
 * The newest TOTP step the sign-ins on each database used per account: a code is accepted once per
 * account, whichever app of that database took it, so the next sign-in takes the next step.
 */
const usedSteps = new WeakMap<object, Map<string, number>>();

/**
 * Signs in and returns the token. An account with an authenticator (the demo operators, whose
 * secret the README publishes) gets its second step answered here, so no test repeats it: with
 * the code of a step no earlier sign-in on this database used, waiting for the next step when the
 * accepted window (one step ahead) is used up.
 */
export async function login(app: FastifyInstance, account: string, password = TEST_PASSWORD, ip?: string): Promise<string> {
  const res = await api(app, undefined, { ip }).post('/login', { account, password });
  if (res.statusCode !== 200) throw new Error(`login ${account} failed: ${res.statusCode} ${res.body}`);
  const data = res.json().data as { access_token?: string; second_factor?: { token: string } };
  if (!data.second_factor) return data.access_token!;
  const steps = usedSteps.get(app.database) ?? new Map<string, number>();
  usedSteps.set(app.database, steps);
  const key = account.toLowerCase();
  const step = Math.max(totpStep(Date.now()), (steps.get(key) ?? 0) + 1);
  while (step > totpStep(Date.now()) + 1) await new Promise((r) => setTimeout(r, 1000));
  steps.set(key, step);
  const second = await api(app, undefined, { ip }).post('/login/totp', { token: data.second_factor.token, code: totpCode(DEMO_TOTP_SECRET, step * 30_000) });
  if (second.statusCode !== 200) throw new Error(`second step of ${account} failed: ${second.statusCode} ${second.body}`);
  return second.json().data.access_token as string;
}

const totpStep = (ms: number) => Math.floor(ms / 30_000);
