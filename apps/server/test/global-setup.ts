import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase, type Database } from '../src/db/client.ts';
import { ensureRoles } from '../src/db/bootstrap.ts';
import { seedDemo } from '../src/demo/seed.ts';
import { seedDemoHandovers } from '../src/demo/handover.ts';
import { seedDemoSecondFactor } from '../src/demo/second-factor.ts';
import { loadSealer } from '../src/auth/second-factor/sealing.ts';
import { testConfig } from '../src/config.ts';
import { DEFAULT_POSTGRES_URL, databaseUrl } from './postgres-url.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** PGlite: dump (an uncompressed tar) of the template database, migrated with roles and the demo world. */
    pgliteTemplate: string;
    /** PGlite: dump of the migrated database with its roles only, for the realtime kit's small worlds. */
    pgliteBare: string;
    /** PostgreSQL: server address and the template database each test file clones. */
    postgresUrl: string;
    postgresTemplate: string;
    /** Set when the PostgreSQL project cannot run here; each test is then skipped with this text. */
    skipReason: string;
  }
}

/** Migrated, with roles: what the realtime kit's files start from (test/realtime.ts openTestDatabase). */
async function prepareBare(database: Database): Promise<void> {
  await database.migrate();
  await ensureRoles(database.db);
}

/** With the demo world (its handovers, without the week of readings) too: what every other test file starts from. */
async function seed(database: Database): Promise<void> {
  await seedDemo(database.db);
  await seedDemoSecondFactor(database.db, await loadSealer(testConfig()));
  await seedDemoHandovers(database.db, Date.now());
}

type DataDirDump = { dumpDataDir(compression: 'none'): Promise<Blob> };

/** The PGlite database as a tar file in `dir`. Uncompressed: a load skips the gunzip (about 0.5 s of CPU a file). */
async function dumpTo(database: Database, dir: string, name: string): Promise<string> {
  const dump = await (database.db.$client as unknown as DataDirDump).dumpDataDir('none');
  const file = join(dir, name);
  await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  return file;
}

/**
 * Builds ONE template database per project; test files clone it (PGlite: load the dump, about half
 * a second; PostgreSQL: CREATE DATABASE ... TEMPLATE) instead of migrating from nothing.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  project.provide('pgliteTemplate', '');
  project.provide('pgliteBare', '');
  project.provide('postgresUrl', '');
  project.provide('postgresTemplate', '');
  project.provide('skipReason', '');

  // The project's `env` reaches its test workers, not this main-process setup: read it from the config.
  if (project.config.env?.VIGIL_TEST_DB === 'postgres') return setupPostgres(project);

  const dir = await mkdtemp(join(tmpdir(), 'vigil-test-'));
  const database = await openDatabase({ kind: 'pglite' });
  try {
    await prepareBare(database);
    project.provide('pgliteBare', await dumpTo(database, dir, 'bare.tar'));
    await seed(database);
    project.provide('pgliteTemplate', await dumpTo(database, dir, 'template.tar'));
  } finally {
    await database.close();
  }
  return () => rm(dir, { recursive: true, force: true });
}

async function setupPostgres(project: TestProject): Promise<() => Promise<void>> {
  const serverUrl = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL || DEFAULT_POSTGRES_URL;
  const admin = new pg.Client({ connectionString: serverUrl });
  try {
    await admin.connect();
  } catch (error) {
    const hint = `PostgreSQL is not reachable at ${serverUrl} (${(error as Error).message}). Start one, e.g. \`docker run -p 5432:5432 -e POSTGRES_HOST_AUTH_METHOD=trust postgres:16\`, or set TEST_DATABASE_URL.`;
    if (process.env.CI === 'true') throw new Error(hint);
    console.warn(`[server-postgres] skipped: ${hint}`);
    project.provide('skipReason', hint);
    return async () => undefined;
  }
  const template = `vigil_tpl_${randomBytes(4).toString('hex')}`;
  await admin.query(`create database ${template}`);
  const database = await openDatabase({ kind: 'postgres', url: databaseUrl(serverUrl, template), poolSize: 2 });
  try {
    await prepareBare(database);
    await seed(database);
  } finally {
    // A template must have no connections when it is cloned.
    await database.close();
  }
  project.provide('postgresUrl', serverUrl);
  project.provide('postgresTemplate', template);
  return async () => {
    await admin.query(`drop database if exists ${template} with (force)`);
    await admin.end();
  };
}
