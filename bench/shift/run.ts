/**
 * npm run bench:shift [-- --engine pglite|postgres]: a shift change and steady use (issue 33 item 1).
 *
 * One Vigil server, the compiled build (apps/server/dist/main.js, built if missing; with
 * BENCH_SHIFT_FRESH=1 the current source is bundled into a folder of the bench's own, so a run
 * never replaces the dist another process is using), in demo mode so the live simulator streams,
 * on an embedded database in a folder of its own or (`--engine postgres`) on a throwaway database
 * of TEST_DATABASE_URL's server.
 *
 * World: the demo world and its week of readings (seeded by the server's own seed code), and a care
 * organisation of BENCH_SHIFT_DEVICES members (default 500), each wearing a watch, over ten areas,
 * with a gateway, BENCH_SHIFT_STAFF staff (default 300: one in ten an organisation admin, two in
 * ten an area admin, the rest organisation staff), each with a password of their own hashed by the
 * server's argon2id (`auth/password.ts`), so every sign-in does the real work, and 100 open alerts.
 *
 * The calls are the ones the web console makes, recorded from Chromium signing in as the demo
 * orgstaff / orgadmin / orgarea (the same for all three): POST /login, then the shell (sidebar,
 * push subscription, second factor, the delivery badge, the alert bell's snoozes), the alert feed
 * (the unhandled alerts of the last month, unpaged, newest first), the greeting (/personal) and the
 * home panels (worn devices, sleep sensors, areas); and the members page's first page.
 *
 * - shift change: the staff arrive at a steady pace over BENCH_SHIFT_ARRIVAL_S (default 60 s);
 *   each signs in and then loads the home page (its calls at once, as the browser sends them) and
 *   the members page. Figures: sign-ins per second, p50/p99 of the sign-in and of each call, errors.
 * - steady use: BENCH_SHIFT_CONSOLES consoles (default 50) each reload their home data (feed,
 *   greeting, panels, members page: six calls at once) and think 1–2 s, over and over, for
 *   BENCH_SHIFT_SECONDS (default 60); one reload in BENCH_SHIFT_WRITE_EVERY (default 5) also writes a
 *   care record (POST /care/health). Meanwhile the demo simulator streams and the organisation's
 *   gateway posts one heart rate per watch every 10 s (a reading per second from each tenth of the
 *   watches), one in 200 of them high. Figures: p50/p99 per call, requests per second, errors.
 *
 * Goals on this host (2 cores): PostgreSQL 300 sign-ins within the minute with every home call's p99
 * ≤ 250 ms, and every call of 50 consoles p99 ≤ 50 ms; PGlite the same with 500 ms and 100 ms.
 * BENCH_CPU_PROFILE=<folder> writes a V8 CPU profile of the server. Writes
 * bench/results/shift-<engine>.json.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { DataSource } from '../../packages/contracts/src/index.ts';
import { openDatabase } from '../../apps/server/src/db/client.ts';
import { freePort, percentile, throwawayDatabase } from '../common.ts';
import { type ServerSays, watchServer } from './inside.ts';
import { careRecord, homeDataCalls, type Person, seedShiftWorld, shellCalls } from './world.ts';

const { values: args } = parseArgs({ options: { engine: { type: 'string' } } });
const ENGINE = args.engine ?? process.env.BENCH_ENGINE ?? 'pglite';
if (ENGINE !== 'pglite' && ENGINE !== 'postgres') throw new Error('--engine takes pglite or postgres');
const num = (name: string, fallback: number) => {
  const v = Number(process.env[`BENCH_SHIFT_${name}`] ?? fallback);
  if (!(v >= 0)) throw new Error(`BENCH_SHIFT_${name} takes a number`);
  return v;
};
const STAFF = num('STAFF', 300);
const ARRIVAL_S = num('ARRIVAL_S', 60);
const CONSOLES = Math.min(num('CONSOLES', 50), STAFF);
const SECONDS = num('SECONDS', 60);
const DEVICES = num('DEVICES', 500);
const WRITE_EVERY = num('WRITE_EVERY', 5);
/** A console's think time between reloads, `lo-hi` ms (default 1000-2000); `0` reloads at once, for the read path's most requests per second. */
const THINK_MS = (() => {
  const [lo, hi = lo] = (process.env.BENCH_SHIFT_THINK_MS ?? '1000-2000').split('-').map(Number);
  if (!(lo >= 0 && hi >= lo)) throw new Error('BENCH_SHIFT_THINK_MS takes lo-hi milliseconds');
  return [lo, hi] as [number, number];
})();
const DEVICE_INTERVAL_S = 10;
const OPEN_ALERTS = Math.min(100, DEVICES);
const goals = ENGINE === 'postgres' ? { homeP99: 250, steadyP99: 50 } : { homeP99: 500, steadyP99: 100 };

const root = fileURLToPath(new URL('../../', import.meta.url));
const serverDir = join(root, 'apps/server');
const sleep = (msec: number) => new Promise((r) => setTimeout(r, msec));
const work = mkdtempSync(join(tmpdir(), 'vigil-bench-shift-'));
const load = () => loadavg()[0].toFixed(2);
const loads: Record<string, string> = { start: load() };
console.log(`bench:shift on ${ENGINE}: ${STAFF} staff over ${ARRIVAL_S} s, ${CONSOLES} consoles for ${SECONDS} s, ${DEVICES} watches; ${cpus().length} cores, load ${loads.start}`);

// ---------------------------------------------------------------- the server's build

/** The bundle to run: the shared dist, or (BENCH_SHIFT_FRESH=1) the current source bundled into the bench's folder. */
async function serverBundle(): Promise<string> {
  if (process.env.BENCH_SHIFT_FRESH === '1') {
    const { build } = await import('esbuild');
    // Under bench/results (ignored by git): bare imports resolve from the repository's node_modules.
    const out = join(root, 'bench/results', `.shift-server-${process.pid}`);
    process.on('exit', () => rmSync(out, { recursive: true, force: true }));
    await build({
      entryPoints: [join(serverDir, 'src/main.ts')],
      outfile: join(out, 'main.js'),
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      // As apps/server/scripts/build.mjs: npm packages stay external, the workspace's contracts are bundled.
      plugins: [
        {
          name: 'external-packages-but-contracts',
          setup(b) {
            b.onResolve({ filter: /^[^./]/ }, (a) => (a.path.startsWith('@vigil/contracts') ? undefined : { path: a.path, external: true }));
          },
        },
      ],
      sourcemap: true,
      logLevel: 'warning',
    });
    cpSync(join(serverDir, 'src/db/migrations'), join(out, 'migrations'), { recursive: true });
    return join(out, 'main.js');
  }
  if (!existsSync(join(serverDir, 'dist/main.js'))) {
    console.log('building the server (npm run build -w @vigil/server) …');
    execFileSync('npm', ['run', 'build', '-w', '@vigil/server'], { cwd: root, stdio: 'inherit' });
  }
  return join(serverDir, 'dist/main.js');
}
const bundle = await serverBundle();

// ---------------------------------------------------------------- the world

const scratch = ENGINE === 'postgres' ? await throwawayDatabase('vigil_bench_shift') : undefined;
if (scratch && !scratch.url) throw new Error('--engine postgres needs a PostgreSQL server (TEST_DATABASE_URL or 127.0.0.1:5432)');
const dataDir = join(work, 'pg');
const databaseOptions = scratch?.url ? ({ kind: 'postgres', url: scratch.url } as const) : ({ kind: 'pglite', dataDir } as const);

let seedMs = performance.now();
const seed = await openDatabase(databaseOptions);
await seed.migrate();
const { world, wardOf, people, readings: readingRows } = await seedShiftWorld(seed.db, { devices: DEVICES, staff: STAFF });
await seed.close();
seedMs = performance.now() - seedMs;
console.log(`seeded in ${(seedMs / 1000).toFixed(1)} s: demo world (${readingRows} readings), ${DEVICES} watches, ${STAFF} staff`);

// ---------------------------------------------------------------- the server

const port = await freePort();
const url = `http://127.0.0.1:${port}`;
const profileDir = process.env.BENCH_CPU_PROFILE;
const metricsToken = `bench-shift-${process.pid}`;
const server: ChildProcess = spawn(
  process.execPath,
  [...(profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : []), '--enable-source-maps', bundle],
  {
    cwd: serverDir,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      UPLOAD_DIR: join(work, 'uploads'),
      ...(scratch?.url && { DATABASE_URL: scratch.url }),
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'error',
      METRICS_TOKEN: metricsToken,
      DEMO: 'true',
      SIMULATOR: 'true',
      WEB_DIST: '/nonexistent',
    },
  },
);
process.on('exit', () => server.kill('SIGKILL'));
process.on('SIGINT', () => process.exit(130));
const startedAt = Date.now();
for (;;) {
  if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
  if (await fetch(`${url}/api/health`).then((r) => r.ok).catch(() => false)) break;
  if (Date.now() - startedAt > 180_000) throw new Error('the server did not answer /api/health in 180 s');
  await sleep(200);
}
console.log(`server ready in ${Date.now() - startedAt} ms (${bundle.replace(root, '')})`);

/** CPU seconds the server has used so far, from /proc. */
function serverCpu(): number {
  const stat = readFileSync(`/proc/${server.pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(stat[11]) + Number(stat[12])) / 100;
}

// ---------------------------------------------------------------- calls, timed

type Sample = { ms: number; ok: boolean; at: number };
class Tally {
  readonly calls = new Map<string, Sample[]>();
  readonly errors = new Map<string, number>();
  add(name: string, ms: number, ok: boolean, why?: string) {
    const all = this.calls.get(name) ?? [];
    all.push({ ms, ok, at: performance.now() - ms });
    this.calls.set(name, all);
    if (!ok) this.errors.set(`${name}: ${why}`, (this.errors.get(`${name}: ${why}`) ?? 0) + 1);
  }
  row(name: string) {
    const all = this.calls.get(name) ?? [];
    const ms = all.map((s) => s.ms);
    return { calls: all.length, errors: all.filter((s) => !s.ok).length, p50: percentile(ms, 50), p99: percentile(ms, 99), max: Math.max(...ms) };
  }
  /** p99 of every call started in each `seconds` of the phase that began at `t0`: where the slow ones sit. */
  byWindow(t0: number, seconds: number) {
    const windows = new Map<number, number[]>();
    for (const s of [...this.calls.values()].flat()) {
      const w = Math.floor((s.at - t0) / (seconds * 1000));
      windows.set(w, [...(windows.get(w) ?? []), s.ms]);
    }
    return [...windows].sort(([a], [b]) => a - b).map(([w, ms]) => ({ from: w * seconds, calls: ms.length, p99: percentile(ms, 99) }));
  }
  pooled(names: string[]) {
    const ms = names.flatMap((n) => (this.calls.get(n) ?? []).map((s) => s.ms));
    return { calls: ms.length, p50: percentile(ms, 50), p99: percentile(ms, 99) };
  }
}

async function call(tally: Tally, name: string, path: string, token: string | undefined, body?: unknown): Promise<unknown> {
  const t0 = performance.now();
  try {
    const res = await fetch(`${url}/api${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { ...(token && { authorization: `Bearer ${token}` }), ...(body !== undefined && { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    const ms = performance.now() - t0;
    // The web client treats a 2xx carrying a code as an error too.
    const json = text ? (JSON.parse(text) as { code?: number; data?: unknown }) : {};
    const ok = res.ok && json.code === undefined;
    tally.add(name, ms, ok, ok ? undefined : `HTTP ${res.status} code ${json.code}`);
    return json.data;
  } catch (err) {
    tally.add(name, performance.now() - t0, false, `${String(err)}${(err as { cause?: unknown }).cause ? ` (${String((err as { cause?: unknown }).cause)})` : ''}`);
    return undefined;
  }
}

const homeNames = [...shellCalls.map(([n]) => n), ...homeDataCalls().map(([n]) => n)];
const steadyNames = ['alert feed', 'personal', 'device summary', 'sleep summary', 'area summary', 'members page', 'care record (write)'];

// ---------------------------------------------------------------- open alerts, and the gateway's stream

const gatewayPost = (readings: unknown[]) =>
  fetch(`${url}/api/ingest/readings`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-gateway-key': world.gatewayKey }, body: JSON.stringify({ readings }) }).then(async (r) => {
    await r.arrayBuffer();
    return r.ok;
  });
const nowS = () => Math.floor(Date.now() / 1000);
if (OPEN_ALERTS && !(await gatewayPost(world.devices.slice(0, OPEN_ALERTS).map((d) => ({ serial: d.serial, kind: 'heartRate', source: DataSource.watchB10_1m, occur_time: nowS() - 120, values: { value: 162 } })))))
  throw new Error('the gateway could not post the open alerts');
await sleep(1000);

let streaming = false;
const ingest = { posted: 0, refused: 0, ms: [] as number[] };
async function stream(): Promise<void> {
  const share = Math.ceil(DEVICES / DEVICE_INTERVAL_S);
  let round = 0;
  while (streaming) {
    const next = Date.now() + 1000;
    const from = (round % DEVICE_INTERVAL_S) * share;
    const batch = world.devices.slice(from, from + share).map((d, i) => ({
      serial: d.serial,
      kind: 'heartRate',
      source: DataSource.watchB10_1m,
      occur_time: nowS(),
      values: { value: (round * share + i) % 200 === 7 ? 162 : 60 + ((round + i) % 35) },
    }));
    round++;
    if (batch.length) {
      const t0 = performance.now();
      const ok = await gatewayPost(batch).catch(() => false);
      ingest.ms.push(performance.now() - t0);
      if (ok) ingest.posted += batch.length;
      else ingest.refused += batch.length;
    }
    await sleep(Math.max(0, next - Date.now()));
  }
}

// ---------------------------------------------------------------- phase 1: shift change

console.log(`\nshift change: ${STAFF} sign-ins over ${ARRIVAL_S} s, each loading the home page and the members page …`);
loads.shiftStart = load();
const shift = new Tally();
const tokens = new Map<number, string>();
const signedInAt: number[] = [];
const shiftInside = watchServer(url, metricsToken);
await shiftInside.start();
let cpu0 = serverCpu();
const shiftT0 = performance.now();
async function arrive(person: Person, i: number): Promise<void> {
  await sleep((i * ARRIVAL_S * 1000) / STAFF - (performance.now() - shiftT0));
  const answer = (await call(shift, 'sign-in', '/login', undefined, { account: person.account, password: person.password })) as { access_token?: string } | undefined;
  if (!answer?.access_token) return;
  signedInAt.push(performance.now() - shiftT0);
  tokens.set(person.id, answer.access_token);
  // The shell and the home page ask at once, as the browser does once it holds the token.
  await Promise.all([...shellCalls, ...homeDataCalls()].map(([name, path]) => call(shift, name, path, answer.access_token)));
}
streaming = true;
const streamer = stream();
await Promise.all(people.map((p, i) => arrive(p, i)));
const shiftSeconds = (performance.now() - shiftT0) / 1000;
const shiftCpu = serverCpu() - cpu0;
const shiftServer = await shiftInside.stop();
loads.shiftEnd = load();
const lastSignIn = Math.max(...signedInAt) / 1000;
const signIns = signedInAt.length;

// ---------------------------------------------------------------- phase 2: steady use

console.log(`steady use: ${CONSOLES} consoles reloading their home data with ${THINK_MS.join('–')} ms of thought, for ${SECONDS} s …`);
loads.steadyStart = load();
const steady = new Tally();
const consoles = people.filter((p) => tokens.has(p.id)).slice(0, CONSOLES);
const steadyInside = watchServer(url, metricsToken);
await steadyInside.start();
cpu0 = serverCpu();
const steadyT0 = performance.now();
const until = steadyT0 + SECONDS * 1000;
let written = 0;
async function console_(person: Person, c: number): Promise<void> {
  const token = tokens.get(person.id)!;
  // Consoles start spread over the first think time, as people do not click in step.
  await sleep(Math.random() * THINK_MS[1]);
  for (let round = 0; performance.now() < until; round++) {
    const reads = homeDataCalls().map(([name, path]) => call(steady, name, path, token));
    if (WRITE_EVERY && (round + c) % WRITE_EVERY === 0) {
      // An area admin writes for a member of their own ward.
      const mine = person.areaId === null ? world.members : world.members.filter((_, i) => wardOf(i) === person.areaId);
      const member = mine[(c * 7 + round) % mine.length];
      reads.push(
        call(steady, 'care record (write)', '/care/health', token, careRecord(member.id, nowS())).then((data) => void (data !== undefined && written++)),
      );
    }
    await Promise.all(reads);
    await sleep(THINK_MS[0] + Math.random() * (THINK_MS[1] - THINK_MS[0]));
  }
}
await Promise.all(consoles.map((p, c) => console_(p, c)));
const steadySeconds = (performance.now() - steadyT0) / 1000;
const steadyCpu = serverCpu() - cpu0;
const steadyServer = await steadyInside.stop();
loads.steadyEnd = load();
streaming = false;
await streamer;

server.kill('SIGTERM');
await new Promise((r) => server.once('exit', r));

// ---------------------------------------------------------------- figures

const fmt = (v: number) => (Number.isFinite(v) ? v.toFixed(1) : '—').padStart(8);
function table(tally: Tally, names: string[]) {
  console.log(`  ${'call'.padEnd(24)} ${'calls'.padStart(6)} ${'errors'.padStart(6)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ${'max ms'.padStart(8)}`);
  const rows: Record<string, ReturnType<Tally['row']>> = {};
  for (const name of names) {
    const r = tally.row(name);
    rows[name] = r;
    if (r.calls) console.log(`  ${name.padEnd(24)} ${String(r.calls).padStart(6)} ${String(r.errors).padStart(6)} ${fmt(r.p50)} ${fmt(r.p99)} ${fmt(r.max)}`);
  }
  for (const [why, n] of tally.errors) console.log(`  error ×${n}: ${why}`);
  return rows;
}
function printInside(inside: ServerSays) {
  console.log(
    `  inside the server: event loop stalled up to ${inside.eventLoopLagMaxMs.toFixed(0)} ms (worst second's p99 ${inside.eventLoopLagP99MaxMs.toFixed(0)} ms), up to ${inside.poolWaitingMax} requests waiting for a database connection, ${inside.gcSeconds.toFixed(1)} s collecting garbage`,
  );
  console.log(`  its own p99 by route: ${inside.routes.slice(0, 12).map((r) => `${r.route} ${r.p99}`).join('; ')}`);
}
console.log(`\nshift change (load ${loads.shiftStart} → ${loads.shiftEnd}; server CPU ${((shiftCpu / shiftSeconds) * 100).toFixed(0)} % of a core):`);
const shiftRows = table(shift, ['sign-in', ...homeNames]);
const shiftWindows = shift.byWindow(shiftT0, 5);
console.log(`  p99 by 5 s: ${shiftWindows.map((w) => `${w.from}s ${w.p99.toFixed(0)}`).join(', ')} ms`);
const signInRate = signIns / lastSignIn;
const homePooled = shift.pooled(homeNames);
const worstHome = Math.max(...homeNames.map((n) => shiftRows[n].p99).filter(Number.isFinite));
printInside(shiftServer);
console.log(`  ${signIns} of ${STAFF} signed in, the last ${lastSignIn.toFixed(1)} s after the first arrival: ${signInRate.toFixed(1)} sign-ins/s`);
console.log(`  home calls pooled: p50 ${homePooled.p50.toFixed(1)} ms, p99 ${homePooled.p99.toFixed(1)} ms; worst call's p99 ${worstHome.toFixed(1)} ms`);

console.log(`\nsteady use (load ${loads.steadyStart} → ${loads.steadyEnd}; server CPU ${((steadyCpu / steadySeconds) * 100).toFixed(0)} % of a core):`);
const steadyRows = table(steady, steadyNames);
const steadyPooled = steady.pooled(steadyNames);
const steadyCalls = steadyNames.reduce((s, n) => s + steadyRows[n].calls, 0);
const worstSteady = Math.max(...steadyNames.map((n) => steadyRows[n].p99).filter(Number.isFinite));
console.log(`  ${(steadyCalls / steadySeconds).toFixed(0)} requests/s, ${((steadyCpu * 1000) / steadyCalls).toFixed(2)} ms of server CPU each (ingestion and jobs included); pooled p50 ${steadyPooled.p50.toFixed(1)} ms, p99 ${steadyPooled.p99.toFixed(1)} ms; worst call's p99 ${worstSteady.toFixed(1)} ms; ${written} care records written`);
const steadyWindows = steady.byWindow(steadyT0, 5);
console.log(`  p99 by 5 s: ${steadyWindows.map((w) => `${w.from}s ${w.p99.toFixed(0)}`).join(', ')} ms`);
printInside(steadyServer);
console.log(`  gateway: ${ingest.posted} readings accepted, ${ingest.refused} refused; its requests p50 ${percentile(ingest.ms, 50).toFixed(1)} ms, p99 ${percentile(ingest.ms, 99).toFixed(1)} ms`);

const shiftErrors = [...shift.errors.values()].reduce((a, b) => a + b, 0);
const steadyErrors = [...steady.errors.values()].reduce((a, b) => a + b, 0);
const within = ARRIVAL_S > 0 ? Math.max(60, ARRIVAL_S) + 5 : Infinity;
const verdicts = {
  shift: signIns === STAFF && lastSignIn <= within && worstHome <= goals.homeP99 && shiftErrors === 0 ? 'PASS' : 'FAIL',
  steady: worstSteady <= goals.steadyP99 && steadyErrors === 0 ? 'PASS' : 'FAIL',
};
console.log(
  `\n${verdicts.shift} shift change (${ENGINE}): ${signIns}/${STAFF} signed in by ${lastSignIn.toFixed(1)} s, every home call's p99 ≤ ${goals.homeP99} ms: ${worstHome.toFixed(1)} ms, errors ${shiftErrors}`,
);
console.log(`${verdicts.steady} steady use (${ENGINE}): ${consoles.length} consoles, every call's p99 ≤ ${goals.steadyP99} ms: ${worstSteady.toFixed(1)} ms, errors ${steadyErrors}`);
console.log(`(load average ${load()} on ${cpus().length} cores${Number(load()) > 1.5 ? ': other work shares this host, the figures read high' : ''})`);

const outDir = join(root, 'bench/results');
mkdirSync(outDir, { recursive: true });
writeFileSync(
  join(outDir, `shift-${ENGINE}.json`),
  JSON.stringify(
    {
      at: new Date().toISOString(),
      engine: ENGINE,
      cores: cpus().length,
      loads,
      settings: { STAFF, ARRIVAL_S, CONSOLES, SECONDS, DEVICES, WRITE_EVERY, THINK_MS },
      inside: { shift: shiftServer, steady: steadyServer },
      shift: { signIns, lastSignInS: lastSignIn, signInsPerSecond: signInRate, seconds: shiftSeconds, serverCpuS: shiftCpu, pooled: homePooled, worstHomeP99: worstHome, calls: shiftRows, byWindow: shiftWindows, errors: Object.fromEntries(shift.errors) },
      steady: { consoles: consoles.length, seconds: steadySeconds, requestsPerSecond: steadyCalls / steadySeconds, serverCpuS: steadyCpu, pooled: steadyPooled, worstP99: worstSteady, written, calls: steadyRows, byWindow: steadyWindows, errors: Object.fromEntries(steady.errors) },
      ingest: { posted: ingest.posted, refused: ingest.refused, p50: percentile(ingest.ms, 50), p99: percentile(ingest.ms, 99) },
      goals,
      verdicts,
    },
    null,
    2,
  ),
);
rmSync(work, { recursive: true, force: true });
await scratch?.drop();
process.exit(verdicts.shift === 'PASS' && verdicts.steady === 'PASS' ? 0 : 1);
