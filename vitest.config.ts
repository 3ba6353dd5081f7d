import { defineConfig } from 'vitest/config';

/**
 * One runner for the whole repo. The server's API suite runs on PGlite and, when a PostgreSQL
 * server is available (always in CI), its engine-sensitive part runs once more on PostgreSQL.
 */
const postgres = Boolean(process.env.CI || process.env.TEST_DATABASE_URL || process.env.DATABASE_URL);

/**
 * The server tests whose outcome can depend on the engine: migrations, connection loss, several
 * connections and instances at once (locks, LISTEN/NOTIFY, Redis fan-out), ingestion and rollups,
 * the chart queries (PGlite has its own packed path), jsonb filters of the care records, the
 * scope SQL of every tenant, and the transactions of orders, handovers, alerts and histories.
 * The rest (validation, permissions, OpenAPI, plain CRUD through the same kit SQL as `/area`)
 * would only repeat on PostgreSQL what PGlite showed: each file costs a clone and an app start.
 */
const postgresTests = [
  'src/db/**/*.test.ts',
  'src/http/db-errors.test.ts',
  'src/ingest/**/*.test.ts',
  'src/realtime/{cluster,catch-up,revocation}.test.ts',
  'src/auth/cross-tenant.test.ts',
  'src/modules/administration/{area,audit,change-log}/*.test.ts',
  'src/modules/alerts/{abnormal,escalation}/*.test.ts',
  'src/modules/devices/{device-state,ingest}/*.test.ts',
  'src/modules/clinical/physiologic/*.test.ts',
  'src/modules/shift-work/handover/*.test.ts',
  'src/modules/care/delivery/*.test.ts',
  'src/modules/care/care-common/care-records*.test.ts',
  'src/modules/care/care-handle/handle.test.ts',
];

/**
 * The server's test files share their worker's module graph (no per-file isolation): every file
 * imports the same app, and importing it afresh for each of the 84 files cost about a third of the
 * server suite's time. Each file still gets its own database clone and app (`useTestApp`), server
 * modules keep their state per database or app, and no server test mocks a module.
 */
const serverTests = {
  root: 'apps/server',
  globalSetup: ['test/global-setup.ts'],
  isolate: false,
  testTimeout: 30_000,
  hookTimeout: 60_000,
};

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'contracts', root: 'packages/contracts', include: ['src/**/*.test.ts'] } },
      // Repository-wide checks (lint boundaries); lint loads its resolver, hence the longer timeout.
      { test: { name: 'repo', root: '.', include: ['scripts/**/*.test.ts'], testTimeout: 60_000 } },
      {
        test: { ...serverTests, name: 'server-pglite', include: ['src/**/*.test.ts', 'test/**/*.test.ts'], env: { VIGIL_TEST_DB: 'pglite' } },
      },
      ...(postgres
        ? [
            {
              test: { ...serverTests, name: 'server-postgres', include: postgresTests, env: { VIGIL_TEST_DB: 'postgres' } },
            },
          ]
        : []),
      {
        extends: 'apps/web/vite.config.ts',
        // A page test renders MUI in jsdom and types into it: seconds of CPU on a busy machine, so
        // it gets the server tests' budget rather than Vitest's 5 s default.
        test: { name: 'web', root: 'apps/web', environment: 'jsdom', include: ['src/**/*.test.{ts,tsx}'], testTimeout: 30_000 },
      },
    ],
  },
});
