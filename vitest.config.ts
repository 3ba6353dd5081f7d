import { defineConfig } from 'vitest/config';

/**
 * One runner for the whole repo. The server's API suite runs once on PGlite and, when a
 * PostgreSQL server is available (always in CI), once more on PostgreSQL.
 */
const postgres = Boolean(process.env.CI || process.env.TEST_DATABASE_URL || process.env.DATABASE_URL);

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'contracts', root: 'packages/contracts', include: ['src/**/*.test.ts'] } },
      // Repository-wide checks (lint boundaries); lint loads its resolver, hence the longer timeout.
      { test: { name: 'repo', root: '.', include: ['scripts/**/*.test.ts'], testTimeout: 60_000 } },
      {
        test: {
          name: 'server-pglite',
          root: 'apps/server',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          globalSetup: ['test/global-setup.ts'],
          env: { VIGIL_TEST_DB: 'pglite' },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      ...(postgres
        ? [
            {
              test: {
                name: 'server-postgres',
                root: 'apps/server',
                include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
                globalSetup: ['test/global-setup.ts'],
                env: { VIGIL_TEST_DB: 'postgres' },
                testTimeout: 30_000,
                hookTimeout: 60_000,
              },
            },
          ]
        : []),
      {
        extends: 'apps/web/vite.config.ts',
        test: { name: 'web', root: 'apps/web', environment: 'jsdom', include: ['src/**/*.test.{ts,tsx}'] },
      },
    ],
  },
});
