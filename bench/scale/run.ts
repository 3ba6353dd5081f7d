/**
 * npm run bench:scale: scale-out, measured (issue 18 item 5). Two Vigil instances (the compiled
 * build, apps/server/dist/main.js, built first if missing) on two ports share one PostgreSQL
 * database (a throwaway one on TEST_DATABASE_URL's server) and one Redis (its own redis-server on
 * a free port, so no other engineer's instances share its channels). Staff sockets are spread over
 * both instances; organisations' gateways post to either, so most alerts are raised on one
 * instance and delivered through Redis by the other.
 *
 * Load: BENCH_SCALE_RATE readings a second in total (default 5,000: that many watches, one reading
 * a second each), in one batch per organisation per second spread over the second; each second
 * ALERTS_PER_ORG new devices of each organisation send 162 bpm, so the rules raise new alerts
 * that fan out to every socket of the organisation. BENCH_SCALE_SOCKETS staff sockets (default
 * 5,000) in BENCH_SCALE_ORGS organisations (default 20), held by a worker thread.
 *
 * Figures: posted → socket latency of each delivery (HTTP, validation, storage, rules, Redis
 * fan-out, socket; p50, p99; goal p99 ≤ 100 ms), lost (alerts × sockets of their organisation −
 * received; goal 0), cross-organisation deliveries (goal 0), and for each instance its resident
 * memory (RSS, max) and CPU (% of one core, over the load) from /proc. BENCH_SCALE_SECONDS
 * (default 20) of load. Writes bench/results/scale.json.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import pg from 'pg';
import { DataSource, DeviceType, Role } from '../../packages/contracts/src/index.ts';
import { createSession } from '../../apps/server/src/auth/sessions.ts';
import { testConfig } from '../../apps/server/src/config.ts';
import { openDatabase } from '../../apps/server/src/db/client.ts';
import { staff as staffTable } from '../../apps/server/src/db/schema/index.ts';
import { seedIngestWorld } from '../../apps/server/src/ingest/fixtures.ts';
import { collectReceipts, freePort, ms, percentile, tallyReceipts } from '../common.ts';

const RATE = Number(process.env.BENCH_SCALE_RATE ?? 5000);
const SOCKETS = Number(process.env.BENCH_SCALE_SOCKETS ?? 5000);
const ORGS = Number(process.env.BENCH_SCALE_ORGS ?? 20);
const SECONDS = Number(process.env.BENCH_SCALE_SECONDS ?? 20);
const ALERTS_PER_ORG = 1;
const HIGH = 162;
const DEVICES_PER_ORG = Math.max(1, Math.round(RATE / ORGS));
const SOCKETS_PER_ORG = Math.max(1, Math.round(SOCKETS / ORGS));
const GOAL_P99_MS = 100;

const root = fileURLToPath(new URL('../../', import.meta.url));
const serverDir = `${root}apps/server`;
const now = () => performance.timeOrigin + performance.now();
const children: ChildProcess[] = [];
const stopAll = () => children.forEach((c) => c.kill('SIGKILL'));
process.on('exit', stopAll);
process.on('SIGINT', () => process.exit(130));

async function waitFor(what: string, check: () => Promise<boolean>, timeoutMs: number) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (await check().catch(() => false)) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${what} not ready after ${timeoutMs / 1000} s`);
}

/** Resident memory (MB) and CPU time (s) of a process, from /proc. */
function usage(pid: number): { rssMb: number; cpuS: number } {
  const rss = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  // Fields 14 and 15 (utime, stime) in clock ticks; after the ") " split they are at 11 and 12.
  return { rssMb: rss ? Number(rss[1]) / 1024 : 0, cpuS: (Number(stat[11]) + Number(stat[12])) / 100 };
}

if (!existsSync(`${serverDir}/dist/main.js`)) {
  console.log('building the server (npm run build -w @vigil/server) …');
  execFileSync('npm', ['run', 'build', '-w', '@vigil/server'], { cwd: root, stdio: 'inherit' });
}

const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const dbName = `vigil_bench_scale_${process.pid}`;
const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`CREATE DATABASE ${dbName}`);
const dbUrl = new URL(adminUrl);
dbUrl.pathname = `/${dbName}`;
const databaseUrl = dbUrl.toString();
process.on('exit', () => {
  // Best effort: the database goes with the bench (a fresh client, the main one may be closed).
  try {
    execFileSync('psql', [adminUrl, '-c', `DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`], { stdio: 'ignore' });
  } catch {
    /* left for the next run's owner to drop */
  }
});

const redisPort = await freePort();
children.push(spawn('redis-server', ['--port', String(redisPort), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' }));

type Instance = { child: ChildProcess; url: string; started: number };
async function startInstance(): Promise<Instance> {
  const port = await freePort();
  const t0 = performance.now();
  const child = spawn(process.execPath, ['dist/main.js'], {
    cwd: serverDir,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATABASE_URL: databaseUrl,
      REDIS_URL: `redis://127.0.0.1:${redisPort}`,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'error',
      DEMO: 'false',
      ADMIN_PASSWORD: 'Scale1234',
      WEB_DIST: '/nonexistent',
    },
  });
  children.push(child);
  const url = `http://127.0.0.1:${port}`;
  await waitFor(`instance on ${port}`, async () => (await fetch(`${url}/api/health`)).ok, 180_000);
  return { child, url, started: performance.now() - t0 };
}

console.log(`bench:scale: ${ORGS} organisations × ${DEVICES_PER_ORG} watches (${ORGS * DEVICES_PER_ORG} readings/s) × ${SOCKETS_PER_ORG} staff sockets (${ORGS * SOCKETS_PER_ORG}), two instances, ${SECONDS} s; ${cpus().length} cores, load ${loadavg()[0].toFixed(1)}`);
// The first instance migrates the database; the second starts on it.
const a = await startInstance();
const b = await startInstance();
const instances = [a, b];
console.log(`instances up (${(a.started / 1000).toFixed(1)} s, ${(b.started / 1000).toFixed(1)} s); seeding …`);

const database = await openDatabase({ kind: 'postgres', url: databaseUrl, poolSize: 4 });
const config = testConfig({});
const stamp = Date.now();
const worlds: Awaited<ReturnType<typeof seedIngestWorld>>[] = [];
for (let o = 0; o < ORGS; o++) worlds.push(await seedIngestWorld(database.db, { members: DEVICES_PER_ORG, deviceType: DeviceType.watchB10, orgName: `Scale ${stamp} ${o}` }));
const deviceOrg = new Map<number, number>();
for (const w of worlds) for (const d of w.devices) deviceOrg.set(d.id, w.org.id);
const staff: Array<{ token: string; org: number; url: string }> = [];
for (const [o, w] of worlds.entries()) {
  const rows = await database.db
    .insert(staffTable)
    .values(Array.from({ length: SOCKETS_PER_ORG }, (_, i) => ({ orgId: w.org.id, role: Role.orgStaff, account: `s${w.org.id}x${i}`, passwordHash: 'x', name: `Staff ${i}` })))
    .returning({ id: staffTable.id });
  // Half of each organisation's sockets on each instance, so every alert crosses Redis for half its deliveries.
  for (const [i, r] of rows.entries()) staff.push({ token: await createSession(database.db, config, r.id, {}), org: w.org.id, url: instances[(i + o) % 2].url });
}
await database.close();

console.log(`connecting ${staff.length} staff sockets …`);
const clientsUrl = new URL('../alerts/clients.ts', import.meta.url).href;
const worker = new Worker(`import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(clientsUrl)}); });`, {
  eval: true,
  workerData: { url: a.url, staff },
});
const ready = await new Promise<{ connected: number; failed: number; byOrg: Record<number, number> }>((resolve, reject) => {
  worker.once('message', (m: { kind: string; connected?: number; failed?: number; byOrg?: Record<number, number>; message?: string }) =>
    m.kind === 'ready' ? resolve({ connected: m.connected!, failed: m.failed ?? 0, byOrg: m.byOrg ?? {} }) : reject(new Error(m.message)),
  );
  worker.once('error', reject);
  worker.once('exit', (code) => reject(new Error(`the socket worker exited (${code}) before connecting`)));
});
console.log(`${ready.connected} sockets connected (${ready.failed} refused or timed out, ${staff.length - ready.connected - ready.failed} without a login in 30 s); ${ORGS * DEVICES_PER_ORG} readings/s for ${SECONDS} s …`);

const post = (w: (typeof worlds)[number], instance: Instance, readings: unknown[]) =>
  fetch(`${instance.url}/api/ingest/readings`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-gateway-key': w.gatewayKey }, body: JSON.stringify({ readings }) });
const start = Math.floor(Date.now() / 1000) - SECONDS - 10;
// Warm-up, not measured: each organisation's first batch fills the ingestion caches of both instances.
for (let warm = 0; warm < 2; warm++) {
  for (const [o, w] of worlds.entries()) {
    const res = await post(w, instances[(o + warm) % 2], w.devices.map((d, i) => ({ serial: d.serial, kind: 'heartRate', source: DataSource.watchB10_1m, occur_time: start - 2 + warm, values: { value: 60 + (i % 30) } })));
    await res.arrayBuffer();
  }
}

const before = instances.map((i) => usage(i.child.pid!));
const peakRss = instances.map(() => 0);
const sampler = setInterval(() => instances.forEach((inst, k) => (peakRss[k] = Math.max(peakRss[k], usage(inst.child.pid!).rssMb))), 500);
const sentHighAt = new Map<number, number>();
const postLatencies: number[] = [];
let accepted = 0;
let lateSlots = 0;
const pending: Promise<void>[] = [];
const t0 = now();
for (let second = 0; second < SECONDS; second++) {
  for (const [o, w] of worlds.entries()) {
    const due = t0 + second * 1000 + (o * 1000) / ORGS;
    const wait = due - now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    else lateSlots++;
    const highs = new Set(w.devices.filter((d) => !sentHighAt.has(d.id)).slice(0, ALERTS_PER_ORG).map((d) => d.id));
    const readings = w.devices.map((d, i) => ({ serial: d.serial, kind: 'heartRate', source: DataSource.watchB10_1m, occur_time: start + second, values: { value: highs.has(d.id) ? HIGH : 60 + ((i + second) % 30) } }));
    const postedAt = now();
    for (const id of highs) sentHighAt.set(id, postedAt);
    pending.push(
      post(w, instances[(o + second) % 2], readings).then(async (res) => {
        postLatencies.push(now() - postedAt);
        const body = (await res.json()) as { data?: { accepted: number } };
        accepted += body.data?.accepted ?? 0;
      }),
    );
  }
}
await Promise.all(pending);
const elapsed = (now() - t0) / 1000;
const after = instances.map((i) => usage(i.child.pid!));
await new Promise((r) => setTimeout(r, 2000));
clearInterval(sampler);
const receipts = await collectReceipts(worker);

const latencies: number[] = [];
/** Deliveries by the second of the run their alert was posted in: where in the run the tail falls. */
const bySecond: number[][] = Array.from({ length: SECONDS }, () => []);
const { delivered, crossOrg } = tallyReceipts(receipts, deviceOrg, sentHighAt, (r, sent) => {
  latencies.push(r.at - sent);
  bySecond[Math.min(SECONDS - 1, Math.max(0, Math.floor((sent - t0) / 1000)))].push(r.at - sent);
});
const steady = bySecond.slice(2).flat();
// Each alert should reach every socket of its organisation that logged in (one that never did receives nothing).
let expected = 0;
for (const device of sentHighAt.keys()) expected += ready.byOrg[deviceOrg.get(device)!] ?? 0;
const lost = expected - delivered;
const perInstance = instances.map((inst, k) => ({
  url: inst.url,
  rssMb: Math.round(after[k].rssMb),
  peakRssMb: Math.round(peakRss[k]),
  cpuPercent: Math.round(((after[k].cpuS - before[k].cpuS) / elapsed) * 100),
  startSeconds: Number((inst.started / 1000).toFixed(1)),
}));
const figures = {
  at: new Date().toISOString(),
  load: loadavg(),
  cores: cpus().length,
  orgs: ORGS,
  readingsPerSecondOffered: ORGS * DEVICES_PER_ORG,
  readingsPerSecondAccepted: Math.round(accepted / elapsed),
  sockets: ready.connected,
  socketsAsked: staff.length,
  seconds: SECONDS,
  lateSlots,
  postP99Ms: percentile(postLatencies, 99),
  alerts: sentHighAt.size,
  expected,
  delivered,
  lost,
  crossOrg,
  p50Ms: percentile(latencies, 50),
  p99Ms: percentile(latencies, 99),
  steadyP99Ms: percentile(steady, 99),
  p99BySecondMs: bySecond.map((l) => (l.length ? Math.round(percentile(l, 99)) : null)),
  instances: perInstance,
};
console.log(`\nreadings/s offered ${figures.readingsPerSecondOffered}, accepted ${figures.readingsPerSecondAccepted} (${lateSlots} batches sent late; batch post p99 ${ms(figures.postP99Ms)})`);
console.log(`alert delivery, posted → socket: p50 ${ms(figures.p50Ms)}, p99 ${ms(figures.p99Ms)}   goal p99 ≤ ${GOAL_P99_MS} ms   ${figures.p99Ms <= GOAL_P99_MS ? 'PASS' : 'MISS'}`);
console.log(`  after the first 2 s: p99 ${ms(figures.steadyP99Ms)}; p99 by second of the run: ${figures.p99BySecondMs.join(' ')} ms`);
console.log(`deliveries: ${delivered} of ${expected} (${figures.alerts} alerts × ${SOCKETS_PER_ORG} sockets); lost ${lost} (goal 0) ${lost === 0 ? 'PASS' : 'MISS'}; cross-organisation ${crossOrg} (goal 0) ${crossOrg === 0 ? 'PASS' : 'MISS'}`);
for (const [k, i] of perInstance.entries()) console.log(`instance ${'AB'[k]}: RSS ${i.rssMb} MB (peak ${i.peakRssMb} MB), CPU ${i.cpuPercent} % of a core, started in ${i.startSeconds} s`);
console.log(`load average at the end ${loadavg().map((l) => l.toFixed(1)).join(' ')}`);
mkdirSync(new URL('../results/', import.meta.url), { recursive: true });
writeFileSync(new URL('../results/scale.json', import.meta.url), JSON.stringify(figures, null, 2));
await admin.end();
process.exit(0);
