import { existsSync } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';

/** Debian's Chromium (`apt-get install -y chromium`): Playwright's own browser download is not used. */
export const chromiumPath = '/usr/bin/chromium';
export const chromiumAvailable = existsSync(chromiumPath);

/**
 * Specs run against the real server (apps/server/src/main.ts) serving the production web build,
 * started once by global-setup.ts on a free port with a fresh embedded database and the demo world.
 * global-setup sets VIGIL_E2E_BASE_URL before the workers start, and workers re-read this file,
 * so they get the address as their baseURL.
 */
export default defineConfig({
  testDir: './specs',
  globalSetup: './global-setup.ts',
  fullyParallel: false,
  // Two workers share one server and database: specs must not depend on each other's writes.
  workers: 2,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: 'list',
  timeout: 30_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: process.env.VIGIL_E2E_BASE_URL,
    headless: true,
    // English by default: SPEC derives the language from the time zone (Taipei/Shanghai -> Chinese).
    locale: 'en-GB',
    timezoneId: 'Europe/London',
    // As a user who asked for less motion: no endless spinner or flashing-alarm animation keeps
    // the headless browser repainting, which on two cores slowed every spec.
    contextOptions: { reducedMotion: 'reduce' },
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: chromiumPath,
      // The machine has no network but the loopback: without these Chromium keeps dialling out.
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
});
