import { defineConfig } from 'vitest/config';

/**
 * One runner for the whole repo. The server's API suite runs on PGlite and, when a PostgreSQL
 * server is available (always in CI), its engine-sensitive part runs once more on PostgreSQL.
 */
const postgres = Boolean(process.env.CI || process.env.TEST_DATABASE_URL || process.env.DATABASE_URL);

/**
 * The server tests whose outcome can depend on the engine: migrations, connection loss, several
 * connections and instances at once (locks, Redis fan-out), ingestion and rollups, the chart
 * queries (PGlite has its own packed path), jsonb filters of the care records, the scope SQL of
 * every tenant, and the transactions of orders, handovers, alerts and histories. Each runs on the
 * database `useTestApp` clones, which is the project's engine.
 * The rest (validation, permissions, OpenAPI, plain CRUD through the same kit SQL as `/area`)
 * would only repeat on PostgreSQL what PGlite showed: each file costs a clone and an app start.
 * Left out as well, because they would run the very same thing twice: files that make their own
 * embedded database whatever the project (the realtime kit's `openTestDatabase`: cluster,
 * catch-up, escalation, live orders and device states; the upgrade syncs of db/default-*), the
 * db:backup and db:move tools (each starts its own embedded server; move.test reaches PostgreSQL
 * by itself in CI), and pure functions (db-errors, fast-validate, chart points). The MQTT bridge
 * test runs once: it tests the transport (topics, acknowledgements), and what it stores goes through
 * the ingestion service that service.test and sweep.test check on PostgreSQL; run in both projects
 * at once (two workers) the two bridges on the one broker would also answer each other's devices.
 */
const postgresTests = [
  'src/db/partitions.test.ts',
  'src/ingest/{rollups,service,sweep}.test.ts',
  'src/realtime/revocation.test.ts',
  'src/auth/cross-tenant.test.ts',
  'src/modules/administration/{area,audit,change-log}/*.test.ts',
  'src/modules/alerts/abnormal/*.test.ts',
  'src/modules/devices/device-state/{guard-console,index-panels}.test.ts',
  'src/modules/devices/ingest/*.test.ts',
  'src/modules/clinical/physiologic/routes.test.ts',
  'src/modules/shift-work/handover/*.test.ts',
  'src/modules/care/delivery/delivery.test.ts',
  'src/modules/care/care-common/care-records*.test.ts',
  'src/modules/care/care-handle/handle.test.ts',
  'src/reports/scheduled/scheduled.test.ts',
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
  testTimeout: 60_000,
  hookTimeout: 60_000,
};

export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the CPUs, which on the 2-core CI machine is ONE:
    // every file ran after the other while the second core idled (a file also waits on PostgreSQL,
    // Redis, sockets and argon2's thread pool). Two workers keep both cores busy.
    maxWorkers: 2,
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
        // A page test renders MUI in jsdom and types into it: seconds of CPU on a busy machine, and
        // two workers share two cores. One budget for every page test, generous because it only
        // catches a hang (no test asserts speed); files no longer set shorter ones of their own.
        test: {
          name: 'web',
          root: 'apps/web',
          environment: 'jsdom',
          include: ['src/**/*.test.{ts,tsx}'],
          setupFiles: ['src/test/setup.ts', 'src/test/after-each.ts'],
          isolate: false,
          testTimeout: 60_000,
        },
      },
    ],
  },
});
