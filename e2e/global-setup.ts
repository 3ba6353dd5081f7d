import { spawn, type ChildProcess } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FullConfig } from '@playwright/test';
import { DEMO_PASSWORD, demoAccounts, demoTotpCode, type LoginData, saveRecoveryCodes } from './demo.ts';
import { chromiumAvailable, chromiumPath } from './playwright.config.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const webDist = join(root, 'apps/web/dist');
const serverBundle = join(root, 'apps/server/dist/main.js');
// The first start creates the database and seeds the demo world: about 20 s on a quiet 2-core
// machine, but over two minutes on one shared with other work (seen in the flake hunt).
const startupTimeoutMs = 300_000;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

async function waitForHealth(baseUrl: string, server: ChildProcess, logFile: string): Promise<void> {
  const deadline = Date.now() + startupTimeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) break;
    try {
      const response = await fetch(`${baseUrl}/api/health`);
      if (response.ok) return;
    } catch {
      // Not listening yet: the first start creates the database and seeds the demo world.
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  const log = readFileSync(logFile, 'utf8').split('\n').slice(-40).join('\n');
  throw new Error(`The server did not answer ${baseUrl}/api/health (exit code ${server.exitCode}). Last log lines:\n${log}`);
}

/**
 * Every demo account's sidebar as the server sends it at sign-in, in a file the workers read: the
 * crawl spec plans from all of them which account opens which page in which language.
 */
async function writeSidebars(baseUrl: string, dataDir: string): Promise<string> {
  const sidebars: Record<string, LoginData['sidebar']> = {};
  for (const account of Object.keys(demoAccounts)) {
    const response = await fetch(`${baseUrl}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ account, password: DEMO_PASSWORD }),
    });
    if (!response.ok) throw new Error(`POST /api/login as ${account} answered ${response.status}`);
    let data = ((await response.json()) as { data: LoginData | { second_factor: { token: string } } }).data;
    if ('second_factor' in data) {
      // The demo operators' second step, with the authenticator secret the README publishes; then
      // the run's recovery codes, which the workers sign in with (demo.ts withDemoCode).
      const second = await fetch(`${baseUrl}/api/login/totp`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ token: data.second_factor.token, code: demoTotpCode() }),
      });
      if (!second.ok) throw new Error(`POST /api/login/totp as ${account} answered ${second.status}`);
      data = ((await second.json()) as { data: LoginData }).data;
      const made = await fetch(`${baseUrl}/api/personal/totp/recovery-codes`, {
        method: 'POST',
        headers: { authorization: `Bearer ${data.access_token}` },
      });
      if (!made.ok) throw new Error(`POST /api/personal/totp/recovery-codes as ${account} answered ${made.status}`);
      saveRecoveryCodes(account, ((await made.json()) as { data: { recovery_codes: string[] } }).data.recovery_codes);
    }
    sidebars[account] = data.sidebar;
  }
  const file = join(dataDir, 'sidebars.json');
  writeFileSync(file, JSON.stringify(sidebars));
  return file;
}

/**
 * Starts the real server with a throw-away embedded database and the demo world, and returns the
 * teardown that stops it. Outside CI, a machine without Chromium skips the specs (fixtures.ts).
 */
export default async function globalSetup(config: FullConfig): Promise<() => Promise<void>> {
  if (!chromiumAvailable) {
    if (process.env.CI) throw new Error(`${chromiumPath} is missing: apt-get install -y chromium (CI never skips specs).`);
    console.warn(`\nSkipping end-to-end specs: ${chromiumPath} is missing. Install it with: apt-get install -y chromium\n`);
    return async () => undefined;
  }
  if (!existsSync(join(webDist, 'index.html')) || !existsSync(serverBundle)) {
    throw new Error('apps/web/dist or apps/server/dist is missing: run `npm run test:e2e` from the root (it builds first) or `npm run build`.');
  }

  const dataDir = mkdtempSync(join(tmpdir(), 'vigil-e2e-'));
  // The run's recovery codes of the demo operators are kept here (demo.ts withDemoCode).
  process.env.VIGIL_E2E_STATE_DIR = dataDir;
  const logFile = join(dataDir, 'server.log');
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const out = openSync(logFile, 'a');
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: join(dataDir, 'pglite'),
    WEB_DIST: webDist,
    DEMO: 'true',
    SIMULATOR: 'false',
    // The machine has no internet: maps show coordinates as text instead of failing tile loads.
    MAP_TILES: '',
    LOG_LEVEL: 'warn',
  };
  // The specs must never reach a developer's database or broker: embedded, fresh, demo data only.
  for (const name of ['DATABASE_URL', 'REDIS_URL', 'MQTT_URL']) delete env[name];
  // The compiled server, as `npm start` runs it: no TypeScript compiler in the process, so the
  // server starts sooner and leaves the CPU to the browsers.
  const server = spawn(process.execPath, [serverBundle], {
    cwd: root,
    stdio: ['ignore', out, out],
    env,
  });

  const stop = async () => {
    if (server.exitCode === null) {
      const exited = new Promise((r) => server.once('exit', r));
      server.kill('SIGTERM');
      const timer = setTimeout(() => server.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
    // The server's log (warnings and errors) beside the run's screenshots and traces, so a failed
    // spec can be read against what the server saw (the output folder is emptied by the next run).
    const outputDir = config.projects[0]?.outputDir;
    if (outputDir && existsSync(logFile)) {
      mkdirSync(outputDir, { recursive: true });
      copyFileSync(logFile, join(outputDir, 'server.log'));
    }
    rmSync(dataDir, { recursive: true, force: true });
  };

  try {
    await waitForHealth(baseUrl, server, logFile);
  } catch (error) {
    await stop();
    throw error;
  }
  process.env.VIGIL_E2E_BASE_URL = baseUrl;
  process.env.VIGIL_E2E_SIDEBARS = await writeSidebars(baseUrl, dataDir);
  return stop;
}
