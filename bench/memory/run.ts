/**
 * npm run bench:memory: the demo server's memory over time and its start-up (issue 18 item 6).
 *
 * Starts the server as production runs it, compiled (apps/server/dist/main.js, built first if
 * missing), on a fresh embedded PGlite database in a temporary folder, demo world seeded and the
 * simulator on, and samples it every BENCH_MEMORY_SAMPLE_S seconds (default 5) for
 * BENCH_MEMORY_MINUTES (default 60): resident memory (RSS, from /proc) and the V8 heap (reported
 * by a preloaded probe, probe.mjs, over the IPC channel). Verdict: the slope of RSS and heap over
 * the last half of the run (after warm-up), in MB per hour, by least squares; memory "stops
 * growing" when the heap's slope is under 5 MB/h and RSS's under 20 MB/h.
 *
 * Start-up: the time from spawning the compiled server on an empty data folder to /api/health
 * answering (migrations and demo seeding included), and the time `npm run build -w @vigil/server`
 * takes. BENCH_MEMORY_COLD=1 also measures `npm start` from a fresh clone: `git clone` of this
 * checkout into a temporary folder, `npm ci`, then `npm start` (web and server builds, start) until
 * /api/health answers, each step timed (minutes of CPU: not on a shared machine).
 * Writes bench/results/memory.json.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../common.ts';

const MINUTES = Number(process.env.BENCH_MEMORY_MINUTES ?? 60);
const SAMPLE_S = Number(process.env.BENCH_MEMORY_SAMPLE_S ?? 5);
const HEAP_SLOPE_GOAL = 5;
const RSS_SLOPE_GOAL = 20;
const root = fileURLToPath(new URL('../../', import.meta.url));
const serverDir = join(root, 'apps/server');
const children: ChildProcess[] = [];
/** The environment without an external database, Redis or broker: the embedded default. */
const embeddedEnv = (extra: NodeJS.ProcessEnv): NodeJS.ProcessEnv => {
  const env = { ...process.env, ...extra };
  for (const key of ['DATABASE_URL', 'REDIS_URL', 'MQTT_URL', 'TEST_DATABASE_URL']) delete env[key];
  return env;
};
const temp: string[] = [];
process.on('exit', () => {
  for (const c of children) c.kill('SIGKILL');
  for (const t of temp) rmSync(t, { recursive: true, force: true });
});
process.on('SIGINT', () => process.exit(130));

async function waitHealthy(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    if (await fetch(`${url}/api/health`).then((r) => r.ok, () => false)) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no /api/health at ${url} after ${timeoutMs / 1000} s`);
}

const rssMb = (pid: number) => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
const timed = (label: string, cmd: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = process.env) => {
  const t0 = performance.now();
  execFileSync(cmd, args, { cwd, env, stdio: ['ignore', 'ignore', 'inherit'] });
  const s = (performance.now() - t0) / 1000;
  console.log(`  ${label}: ${s.toFixed(1)} s`);
  return s;
};

/** Least-squares slope of y over x (hours), in y units per hour. */
function slope(points: { h: number; y: number }[]): number {
  const n = points.length;
  if (n < 2) return NaN;
  const mx = points.reduce((a, p) => a + p.h, 0) / n;
  const my = points.reduce((a, p) => a + p.y, 0) / n;
  const num = points.reduce((a, p) => a + (p.h - mx) * (p.y - my), 0);
  const den = points.reduce((a, p) => a + (p.h - mx) ** 2, 0);
  return num / den;
}

console.log(`bench:memory: ${MINUTES} min of the demo server (compiled, PGlite, simulator on), a sample every ${SAMPLE_S} s; load ${loadavg()[0].toFixed(1)}`);
const buildSeconds = timed('npm run build -w @vigil/server', 'npm', ['run', 'build', '-w', '@vigil/server'], root);

const dataDir = mkdtempSync(join(tmpdir(), 'vigil-memory-'));
temp.push(dataDir);
const port = await freePort();
const url = `http://127.0.0.1:${port}`;
const t0 = performance.now();
const server = spawn(process.execPath, ['--import', fileURLToPath(new URL('./probe.mjs', import.meta.url)), 'dist/main.js'], {
  cwd: serverDir,
  stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  env: embeddedEnv({ NODE_ENV: 'production', PORT: String(port), HOST: '127.0.0.1', DATA_DIR: join(dataDir, 'pglite'), DEMO: 'true', SIMULATOR: 'true', LOG_LEVEL: 'error', BENCH_MEMORY_PROBE_MS: String(SAMPLE_S * 1000) }),
});
children.push(server);
await waitHealthy(url, server, 600_000);
const startSeconds = (performance.now() - t0) / 1000;
console.log(`  compiled server, fresh PGlite data folder, demo seeded → /api/health: ${startSeconds.toFixed(1)} s, RSS ${rssMb(server.pid!).toFixed(0)} MB`);

type Sample = { minute: number; rssMb: number; heapUsedMb: number; heapTotalMb: number; externalMb: number };
const samples: Sample[] = [];
const started = Date.now();
const mb = (b: number) => b / 1048576;
server.on('message', (m: { kind: string; heapUsed: number; heapTotal: number; external: number }) => {
  if (m.kind !== 'memory') return;
  const sample = { minute: (Date.now() - started) / 60_000, rssMb: rssMb(server.pid!), heapUsedMb: mb(m.heapUsed), heapTotalMb: mb(m.heapTotal), externalMb: mb(m.external) };
  samples.push(sample);
  if (samples.length % Math.max(1, Math.round(60 / SAMPLE_S)) === 0) {
    console.log(`  ${sample.minute.toFixed(1).padStart(6)} min  RSS ${sample.rssMb.toFixed(0).padStart(4)} MB  heap ${sample.heapUsedMb.toFixed(0).padStart(4)} / ${sample.heapTotalMb.toFixed(0)} MB  external ${sample.externalMb.toFixed(0)} MB`);
  }
});
await new Promise((r) => setTimeout(r, MINUTES * 60_000));
server.kill('SIGTERM');

const lastHalf = samples.filter((s) => s.minute >= MINUTES / 2);
const rssSlope = slope(lastHalf.map((s) => ({ h: s.minute / 60, y: s.rssMb })));
const heapSlope = slope(lastHalf.map((s) => ({ h: s.minute / 60, y: s.heapUsedMb })));
const steady = heapSlope < HEAP_SLOPE_GOAL && rssSlope < RSS_SLOPE_GOAL;
const last = samples.at(-1);
console.log(`\nafter ${MINUTES} min: RSS ${last?.rssMb.toFixed(0)} MB (max ${Math.max(...samples.map((s) => s.rssMb)).toFixed(0)}), heap ${last?.heapUsedMb.toFixed(0)} MB`);
console.log(`slope over the last half: RSS ${rssSlope.toFixed(1)} MB/h (goal < ${RSS_SLOPE_GOAL}), heap ${heapSlope.toFixed(1)} MB/h (goal < ${HEAP_SLOPE_GOAL}): ${steady ? 'STEADY' : 'GROWING'}${MINUTES < 30 ? ' (a short run: the slope says little about an hour)' : ''}`);
console.log(`start-up: server build ${buildSeconds.toFixed(1)} s; compiled start on a fresh database to healthy ${startSeconds.toFixed(1)} s`);

let cold: Record<string, number> | undefined;
if (process.env.BENCH_MEMORY_COLD === '1') {
  console.log('\ncold start of npm start from a fresh clone:');
  const clone = mkdtempSync(join(tmpdir(), 'vigil-clone-'));
  temp.push(clone);
  cold = { clone: timed('git clone', 'git', ['clone', '--quiet', root, clone], tmpdir()) };
  cold.npmCi = timed('npm ci', 'npm', ['ci', '--no-audit', '--no-fund'], clone);
  const coldPort = await freePort();
  const t1 = performance.now();
  const start = spawn('npm', ['start'], { cwd: clone, stdio: ['ignore', 'ignore', 'inherit'], detached: true, env: embeddedEnv({ PORT: String(coldPort), HOST: '127.0.0.1' }) });
  children.push(start);
  await waitHealthy(`http://127.0.0.1:${coldPort}`, start, 1_200_000);
  cold.npmStart = (performance.now() - t1) / 1000;
  console.log(`  npm start (web build, server build, start, demo seeding) → healthy: ${cold.npmStart.toFixed(1)} s`);
  process.kill(-start.pid!, 'SIGTERM');
}

mkdirSync(new URL('../results/', import.meta.url), { recursive: true });
writeFileSync(
  new URL('../results/memory.json', import.meta.url),
  JSON.stringify({ at: new Date().toISOString(), load: loadavg(), minutes: MINUTES, buildSeconds, startSeconds, rssSlopeMbPerHour: rssSlope, heapSlopeMbPerHour: heapSlope, steady, cold, samples }, null, 2),
);
process.exit(0);
