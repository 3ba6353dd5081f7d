/**
 * npm run bench:deep: deep lists and a year of data (issue 18 item 4), on the database
 * `npm run bench:deep:generate` built. With ingestion running (BENCH_DEEP_DEVICES watches of a
 * second organisation sending one reading a second each through the real ingest service, rules and
 * rollup job included), it times through the real routes (Fastify inject: auth, permission,
 * scope, query, mapping; no socket time):
 *
 * - the heart-rate chart of one member over the longest range a chart call covers (SPEC's three
 *   months, CHART_MAX_RANGE_DAYS), for the newest quarter and the oldest one of the year: a year's
 *   chart is four such calls; goal ≤ 50 ms each (they read the hourly rollups);
 * - the abnormal list (GET /abnormal) as the console asks for it (occur_time, newest first) and in
 *   SPEC's default order (id ascending): first page and deepest page; goal p99 ≤ 25 ms;
 * - the change logs (GET /change/record, /change/user, /change/staff): first and deepest page;
 *   goal p99 ≤ 25 ms.
 *
 * BENCH_DEEP_RUNS (default 100) calls per figure after 5 warm-up calls; BENCH_DEEP_DEVICES
 * (default 500; 0 turns ingestion off). Writes bench/results/deep.json.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { eq, sql } from 'drizzle-orm';
import { CHART_MAX_RANGE_DAYS, HEART_RATE_CHART_GAP_MS } from '../../packages/contracts/src/rules/chart.ts';
import { DataSource, DeviceType } from '../../packages/contracts/src/index.ts';
import { buildApp } from '../../apps/server/src/app.ts';
import { createSession } from '../../apps/server/src/auth/sessions.ts';
import { testConfig } from '../../apps/server/src/config.ts';
import { ensureRoles } from '../../apps/server/src/db/bootstrap.ts';
import { openDatabase } from '../../apps/server/src/db/client.ts';
import { members, orgs, staff } from '../../apps/server/src/db/schema/index.ts';
import { seedIngestWorld } from '../../apps/server/src/ingest/fixtures.ts';
import { ORG_NAME, deepUrls } from './generate.ts';
import { percentile } from '../ingest/workload.ts';

const RUNS = Number(process.env.BENCH_DEEP_RUNS ?? '100');
const DEVICES = Number(process.env.BENCH_DEEP_DEVICES ?? '500');
const CHART_GOAL_MS = 50;
const LIST_GOAL_MS = 25;
const DAY = 86_400;

type Figure = { name: string; url: string; p50: number; p99: number; goal: number; rows: number; total: number; note?: string };

async function main() {
  const { deep: url } = deepUrls();
  const database = await openDatabase({ kind: 'postgres', url, poolSize: 8 });
  await ensureRoles(database.db);
  const [org] = await database.db.select().from(orgs).where(eq(orgs.name, ORG_NAME));
  if (!org) throw new Error('no deep-bench database: run npm run bench:deep:generate first');
  const [admin] = await database.db.select().from(staff).where(eq(staff.account, 'deep0'));
  const [member] = await database.db.select().from(members).where(eq(members.orgId, org.id)).orderBy(members.id).limit(1);
  const config = testConfig({ webDist: '/nonexistent' });
  const token = await createSession(database.db, config, admin.id, {});
  const app = await buildApp({ config, database });
  await app.ready();
  const { rows: spanRows } = await database.db.execute<{ first: string; last: string; readings: string; abnormal: string }>(sql`SELECT extract(epoch FROM min(occur_time))::bigint AS first, extract(epoch FROM max(occur_time))::bigint AS last,
            (SELECT sum(greatest(c.reltuples, 0))::bigint FROM pg_partition_tree('readings') t JOIN pg_class c ON c.oid = t.relid WHERE t.isleaf) AS readings,
            (SELECT count(*) FROM abnormal_events) AS abnormal
     FROM readings WHERE member_id = ${member.id}`);
  const first = Number(spanRows[0].first);
  const last = Number(spanRows[0].last);
  console.log(`bench:deep: ${Number(spanRows[0].readings).toLocaleString('en')} readings (estimate), ${Number(spanRows[0].abnormal).toLocaleString('en')} abnormal events, ${((last - first) / DAY).toFixed(0)} days of heart rate; ${RUNS} calls per figure; load ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);

  // Ingestion: a second organisation's watches, one reading a second each, through the service.
  let ingesting = true;
  let ingested = 0;
  const ingestLatencies: number[] = [];
  let ingestLoop: Promise<void> = Promise.resolve();
  if (DEVICES > 0) {
    const world = await seedIngestWorld(database.db, { members: DEVICES, deviceType: DeviceType.watchB10, orgName: `Deep ingest ${process.pid}` });
    const principal = { kind: 'gateway' as const, gatewayId: 1, orgId: world.org.id };
    const service = app.ingest;
    await service.warm({ orgIds: [world.org.id] });
    ingestLoop = (async () => {
      for (let second = Math.floor(Date.now() / 1000); ingesting; second++) {
        const batch = world.devices.map((d, i) => ({ serial: d.serial, kind: 'heartRate', source: DataSource.watchB10_1m, occur_time: second, values: { value: (second + i) % 997 === 0 ? 162 : 60 + ((second + i) % 30) } }));
        const t = performance.now();
        ingested += (await service.ingest(principal, batch)).accepted;
        ingestLatencies.push(performance.now() - t);
        const wait = (second + 1) * 1000 - Date.now();
        if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      }
    })();
  }

  const headers = { authorization: `Bearer ${token}` };
  const get = async (path: string) => {
    const res = await app.inject({ method: 'GET', url: path, headers });
    if (res.statusCode !== 200) throw new Error(`GET ${path} answered ${res.statusCode}: ${res.body.slice(0, 300)}`);
    return JSON.parse(res.body) as { data: { list: unknown[]; total: number; last_page?: number } };
  };
  const time = async (name: string, path: string, goal: number, note?: string): Promise<Figure> => {
    const times: number[] = [];
    let body = await get(path);
    for (let i = 0; i < 5 + RUNS; i++) {
      const t0 = performance.now();
      body = await get(path);
      if (i >= 5) times.push(performance.now() - t0);
    }
    return { name, url: path, p50: percentile(times, 50), p99: percentile(times, 99), goal, rows: body.data.list.length, total: body.data.total, note };
  };
  const lastPage = async (path: string) => (await get(`${path}&page=1`)).data.last_page ?? 1;

  const figures: Figure[] = [];
  const quarter = Math.min(CHART_MAX_RANGE_DAYS - 1, Math.floor((last - first) / DAY)) * DAY;
  const chart = (from: number, to: number) =>
    `/api/physiologic/heart/rate/chart?${new URLSearchParams({ user_id: String(member.id), types: String(DataSource.watchB10_1m), start_date: String(from), end_date: String(to), gap_seconds: String(HEART_RATE_CHART_GAP_MS / 1000) })}`;
  figures.push(await time(`chart, newest ${quarter / DAY} days`, chart(last - quarter, last), CHART_GOAL_MS));
  figures.push(await time(`chart, oldest ${quarter / DAY} days`, chart(first, first + quarter), CHART_GOAL_MS));

  const lists: [string, string][] = [
    ['abnormal, console order (occur_time desc)', '/api/abnormal?per_page=15&order_by=occur_time&order=desc'],
    ['abnormal, SPEC default order (id asc)', '/api/abnormal?per_page=15'],
    ['abnormal, open only, console order', '/api/abnormal?per_page=15&is_handle=0&order_by=occur_time&order=desc'],
    ['change log, records', '/api/change/record?per_page=15&order_by=id&order=desc'],
    ['change log, members', '/api/change/user?per_page=15&order_by=id&order=desc'],
    ['change log, staff', '/api/change/staff?per_page=15&order_by=id&order=desc'],
  ];
  for (const [name, path] of lists) {
    figures.push(await time(`${name}: first page`, `${path}&page=1`, LIST_GOAL_MS));
    const deepest = await lastPage(path);
    figures.push(await time(`${name}: deepest page (${deepest.toLocaleString('en')})`, `${path}&page=${deepest}`, LIST_GOAL_MS));
  }

  ingesting = false;
  await ingestLoop;
  await app.close();
  await database.close();

  const ms = (v: number) => `${v.toFixed(1)} ms`.padStart(10);
  console.log(`\n${'call'.padEnd(62)}${'p50'.padStart(10)}${'p99'.padStart(10)}  goal      verdict`);
  for (const f of figures) {
    console.log(`${f.name.padEnd(62)}${ms(f.p50)}${ms(f.p99)}  ${f.goal.toString().padStart(3)} ms    ${(f.goal === CHART_GOAL_MS ? f.p50 : f.p99) <= f.goal ? 'PASS' : 'MISS'}  (${f.rows} rows of ${f.total.toLocaleString('en')})`);
  }
  console.log(`\nchart goal on the median; list goals on p99. Ingestion meanwhile: ${ingested.toLocaleString('en')} readings accepted from ${DEVICES} devices, batch p50 ${percentile(ingestLatencies, 50).toFixed(1)} ms, p99 ${percentile(ingestLatencies, 99).toFixed(1)} ms; load ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);
  mkdirSync(new URL('../results/', import.meta.url), { recursive: true });
  writeFileSync(
    new URL('../results/deep.json', import.meta.url),
    JSON.stringify({ at: new Date().toISOString(), load: os.loadavg(), runs: RUNS, devices: DEVICES, ingested, ingestP99: percentile(ingestLatencies, 99), span: { first, last }, figures }, null, 2),
  );
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
