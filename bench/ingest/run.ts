/**
 * npm run bench:ingest: the ingestion path under load, on PostgreSQL (a throwaway database on
 * TEST_DATABASE_URL or postgres://postgres@127.0.0.1:5432/postgres) and on PGlite for reference.
 *
 * 1. batched: readings/s through IngestService (validation, binding lookup, storage, rules,
 *    abnormal events), batches of 1000, and the batch latency p50/p99;
 * 2. http: the same through POST /api/ingest/readings (app.inject: routing, zod, JSON);
 * 3. bare: the same rows inserted with a plain multi-row INSERT into the same table, same run;
 * 4. sustained: 2,000 devices each sending one reading a second for 5 minutes on PostgreSQL
 *    (BENCH_SUSTAINED_SECONDS) through 20 gateways (one batch of 100 every 50 ms), reporting batch
 *    p99, readings lost (must be 0) and, for the slowest batches, what pg_stat_activity showed.
 * Goals (2-core machine): batched ≥ 20,000 readings/s and ≥ half the bare rate; sustained p99 < 50 ms.
 *
 * BENCH_INGEST_COMPARE=1 (`npm run bench:ingest:compare`): batched readings per second into one
 * plain `readings` table (the layout before migration 0018) and into the partitioned table (by kind,
 * then month; the readings' months made first as the partition job makes them, so they land in
 * month partitions and not the default one), in the same run, interleaved block by block
 * (compareLayouts below); BENCH_INGEST_COMPARE_READINGS per layout (default 400,000). Goal: the
 * partitioned rate ≥ 0.9 × the plain one.
 */
import { writeFileSync, mkdirSync } from 'node:fs';
import os from 'node:os';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { nowUnix } from '@vigil/contracts';
import { DataSource, DeviceType } from '../../packages/contracts/src/index.ts';
import { openDatabase, type Database } from '../../apps/server/src/db/client.ts';
import { buildApp } from '../../apps/server/src/app.ts';
import { testConfig } from '../../apps/server/src/config.ts';
import { DomainEventBus } from '../../apps/server/src/events.ts';
import { IngestService } from '../../apps/server/src/ingest/service.ts';
import { seedIngestWorld } from '../../apps/server/src/ingest/fixtures.ts';
import { gateways } from '../../apps/server/src/db/schema/index.ts';
import { hashKey } from '../../apps/server/src/ingest/directory.ts';
import { barInsert, makeReadings, percentile, type Reading } from './workload.ts';
import { unpartitionReadings } from './plain.ts';
import { makeMonth, monthStart, readingKindTables } from '../../apps/server/src/db/partitions.ts';

const DEVICES = 2000;
/** Issue 18: five minutes of 2,000 devices; BENCH_SUSTAINED_SECONDS shortens it for a quick look. */
const COMPARE = process.env.BENCH_INGEST_COMPARE === '1';
const SUSTAINED_SECONDS = Number(process.env.BENCH_SUSTAINED_SECONDS ?? 300);
const BATCH = 1000;
const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const fmt = (n: number) => Math.round(n).toLocaleString('en-US');

type Figures = Record<string, number | string>;

async function scenario(
  database: Database,
  label: string,
  opts: { readings: number; concurrency: number; sustainedSeconds: number; activityUrl?: string },
): Promise<Figures> {
  const world = await seedIngestWorld(database.db, {
    members: DEVICES,
    deviceType: DeviceType.watchB10,
    orgName: `Bench ${label}`,
  });
  const serials = world.devices.map((d) => d.serial);
  const principal = { kind: 'gateway' as const, gatewayId: 1, orgId: world.org.id };
  const start = nowUnix() - 20 * 86400;
  const figures: Figures = { database: label };

  // 1. Batched through the service.
  const service = new IngestService(database.db, new DomainEventBus());
  const rows = makeReadings(serials, start, opts.readings);
  const batches: Reading[][] = [];
  for (let i = 0; i < rows.length; i += BATCH) batches.push(rows.slice(i, i + BATCH));
  // As the app does when it becomes ready (ingest/plugin.ts): devices, standards, open events.
  await service.warm({ orgIds: [world.org.id] });
  await service.ingest(principal, batches[0]);
  const latencies: number[] = [];
  let accepted = 0;
  let next = 1;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: opts.concurrency }, async () => {
      while (next < batches.length) {
        const batch = batches[next++];
        const t = performance.now();
        // Await first: `accepted += await …` would read `accepted` before the await and lose updates.
        const result = await service.ingest(principal, batch);
        accepted += result.accepted;
        latencies.push(performance.now() - t);
      }
    }),
  );
  const serviceSeconds = (performance.now() - t0) / 1000;
  figures.batchedPerSecond = Math.round(accepted / serviceSeconds);
  figures.batchP50Ms = +percentile(latencies, 50).toFixed(1);
  figures.batchP99Ms = +percentile(latencies, 99).toFixed(1);
  const abnormal = await database.db.execute<{ n: number }>(
    sql`select count(*)::int as n from abnormal_events`,
  );
  figures.abnormalEventsRaised = Number(abnormal.rows[0].n);

  // 2. Through HTTP (inject): new occurrence times so nothing is a duplicate.
  const app = await buildApp({ config: testConfig({ webDist: '/nonexistent' }), database });
  const httpRows = makeReadings(serials, start + 7 * 86400, Math.min(opts.readings, 100_000));
  let httpAccepted = 0;
  let h = 0;
  const t1 = performance.now();
  await Promise.all(
    Array.from({ length: opts.concurrency }, async () => {
      while (h < httpRows.length) {
        const batch = httpRows.slice(h, (h += BATCH));
        const res = await app.inject({
          method: 'POST',
          url: '/api/ingest/readings',
          headers: { 'x-gateway-key': world.gatewayKey },
          payload: { readings: batch },
        });
        httpAccepted += res.json().data.accepted;
      }
    }),
  );
  figures.httpPerSecond = Math.round(httpAccepted / ((performance.now() - t1) / 1000));
  await app.close();

  // 3. Bare insert of the same rows as step 1 into the same table (after removing them).
  await database.db.execute(
    sql`delete from readings where org_id = ${world.org.id} and occur_time < to_timestamp(${start + 7 * 86400})`,
  );
  const bareRows = rows.map((r, i) => ({
    orgId: world.org.id,
    memberId: world.members[i % DEVICES].id,
    deviceId: world.devices[serials.indexOf(r.serial)].id,
    r,
  }));
  let b = 0;
  const t2 = performance.now();
  await Promise.all(
    Array.from({ length: opts.concurrency }, async () => {
      while (b < bareRows.length) {
        const batch = bareRows.slice(b, (b += BATCH));
        await barInsert(database, batch);
      }
    }),
  );
  figures.barePerSecond = Math.round(bareRows.length / ((performance.now() - t2) / 1000));
  // The delete above left ~200,000 dead rows: autovacuum would otherwise clean them up in the
  // middle of the sustained run below (seen as its slowest batches). Production never deletes in
  // bulk (retention drops whole partitions, docs/operations.md), so it is vacuumed here, now.
  if (database.kind === 'postgres') await database.db.execute(sql`vacuum (analyze) readings`);
  figures.batchedToBare = +(Number(figures.batchedPerSecond) / Number(figures.barePerSecond)).toFixed(2);

  // 4. Sustained: 2000 devices × 1 reading/s, 20 gateways each sending its 100 devices every second.
  const gatewaysCount = 20;
  await database.db
    .insert(gateways)
    .values(
      Array.from({ length: gatewaysCount }, (_, g) => ({
        orgId: world.org.id,
        name: `gw ${g}`,
        keyHash: hashKey(`bench-gw-${label}-${g}`),
      })),
    );
  // A freshly started service, warmed as the app warms it on start (one query for the devices,
  // the standards of their members), before the first gateway sends.
  const live = new IngestService(database.db, new DomainEventBus());
  const warmStart = performance.now();
  await live.warm({ orgIds: [world.org.id] });
  figures.sustainedWarmMs = +(performance.now() - warmStart).toFixed(1);
  const perGateway = DEVICES / gatewaysCount;
  const sustainedLatencies: number[] = [];
  /** Where in the run the slowest batches fell: a stall at start-up and one mid-run read differently. */
  const slowest: { ms: number; second: number; start: number; end: number }[] = [];
  /** Latencies after the first two seconds (for comparison with runs before the warm-up existed). */
  const steadyLatencies: number[] = [];
  let sent = 0;
  let stored = 0;
  let late = 0;
  const liveStart = nowUnix() - opts.sustainedSeconds - 5;
  const activity = opts.activityUrl ? await sampleActivity(opts.activityUrl) : null;
  const t3 = performance.now();
  const pending: Promise<void>[] = [];
  for (let second = 0; second < opts.sustainedSeconds; second++) {
    for (let g = 0; g < gatewaysCount; g++) {
      const due = t3 + second * 1000 + g * (1000 / gatewaysCount);
      const wait = due - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      else late++;
      const batch = serials.slice(g * perGateway, (g + 1) * perGateway).map((serial, i) => ({
        serial,
        kind: 'heartRate',
        source: DataSource.watchB10_1m,
        occur_time: liveStart + second,
        values: { value: 60 + ((i + second) % 40) },
      }));
      sent += batch.length;
      const t = performance.now();
      pending.push(
        live.ingest(principal, batch).then((result) => {
          stored += result.accepted;
          sustainedLatencies.push(performance.now() - t);
          slowest.push({ ms: performance.now() - t, second, start: t, end: performance.now() });
          if (second >= 2) steadyLatencies.push(performance.now() - t);
        }),
      );
    }
  }
  await Promise.all(pending);
  const samples = (await activity?.stop()) ?? [];
  const inDb = await database.db.execute<{ n: number }>(
    sql`select count(*)::int as n from readings where org_id = ${world.org.id} and occur_time >= to_timestamp(${liveStart}) and occur_time < to_timestamp(${liveStart + opts.sustainedSeconds})`,
  );
  figures.sustainedSent = sent;
  figures.sustainedLost = sent - Number(inDb.rows[0].n);
  figures.sustainedAcceptedReported = stored;
  figures.sustainedP50Ms = +percentile(sustainedLatencies, 50).toFixed(1);
  figures.sustainedP99Ms = +percentile(sustainedLatencies, 99).toFixed(1);
  figures.sustainedSteadyP99Ms = +percentile(steadyLatencies, 99).toFixed(1);
  figures.sustainedLateTicks = late;
  slowest.sort((a, b) => b.ms - a.ms);
  figures.sustainedSlowest = slowest
    .slice(0, 5)
    .map((x) => `${x.ms.toFixed(0)} ms @ ${x.second} s`)
    .join(', ');
  if (activity) {
    // What the database was doing while each of the slowest batches waited (pg_stat_activity,
    // sampled every 20 ms): lock waits, I/O, autovacuum or checkpointer at work.
    figures.sustainedSlowestActivity = slowest
      .slice(0, 5)
      .map((x) => {
        const during = samples.filter((a) => a.at >= x.start && a.at <= x.end);
        const seen = new Map<string, number>();
        for (const a of during) for (const b of a.busy) seen.set(b, (seen.get(b) ?? 0) + 1);
        const what = [...seen].sort((a, b) => b[1] - a[1]).slice(0, 4).map(([k, n]) => `${k} ×${n}`);
        return `${x.ms.toFixed(0)} ms @ ${x.second} s: ${what.join('; ') || 'nothing but the batches themselves'}`;
      })
      .join('\n');
  }
  return figures;
}

/**
 * Samples pg_stat_activity every 20 ms on its own connection: for each sample, the busy backends
 * other than the sampler as "backend type: wait event (state)", autovacuum and the checkpointer
 * included. Stopping returns the samples, timed on the same clock as the batches.
 */
async function sampleActivity(url: string): Promise<{ stop(): Promise<{ at: number; busy: string[] }[]> }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const samples: { at: number; busy: string[] }[] = [];
  let running = true;
  const loop = (async () => {
    while (running) {
      const at = performance.now();
      const rows = await client.query<{ backend_type: string; state: string | null; wait: string | null; query: string | null }>(`
        select backend_type, state, wait_event_type || ':' || wait_event as wait, left(query, 40) as query
        from pg_stat_activity
        where pid <> pg_backend_pid()
          and (backend_type in ('autovacuum worker', 'checkpointer', 'background writer', 'walwriter') or (datname = current_database() and state <> 'idle'))`);
      samples.push({
        at,
        busy: rows.rows
          .filter((r) => r.backend_type === 'client backend' || r.backend_type === 'autovacuum worker' || (r.wait !== null && !/Main$/.test(r.wait)))
          .map((r) => `${r.backend_type}: ${r.wait ?? 'on CPU'}${r.backend_type === 'autovacuum worker' ? ` (${r.query ?? ''})` : ''}`),
      });
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  return {
    stop: async () => {
      running = false;
      await loop;
      await client.end();
      return samples;
    },
  };
}

function report(f: Figures) {
  console.log(`\n${f.database}`);
  console.log(
    `  batched (service, batches of ${BATCH})  ${fmt(Number(f.batchedPerSecond))} readings/s  p50 ${f.batchP50Ms} ms  p99 ${f.batchP99Ms} ms  (${f.abnormalEventsRaised} abnormal events raised)`,
  );
  console.log(`  http (POST /ingest/readings, inject)  ${fmt(Number(f.httpPerSecond))} readings/s`);
  console.log(
    `  bare multi-row INSERT, same rows      ${fmt(Number(f.barePerSecond))} rows/s   batched/bare = ${f.batchedToBare}`,
  );
  console.log(
    `  sustained 2,000 devices × 1/s         sent ${f.sustainedSent}, lost ${f.sustainedLost}, batch p50 ${f.sustainedP50Ms} ms, p99 ${f.sustainedP99Ms} ms (after the first 2 s ${f.sustainedSteadyP99Ms} ms; start-up warm ${f.sustainedWarmMs} ms)`,
  );
  console.log(`                                        slowest batches: ${f.sustainedSlowest}`);
  if (f.sustainedSlowestActivity) {
    console.log('                                        what the database was doing during them (pg_stat_activity):');
    for (const line of String(f.sustainedSlowestActivity).split('\n')) console.log(`                                          ${line}`);
  }
  console.log(
    `                                        late ticks ${f.sustainedLateTicks} (the sender itself fell behind: the event loop was blocked)`,
  );
}

const results: Figures[] = [];

/** A migrated throwaway database; `plain` turns `readings` back into one table, else its months are made. */
async function throwaway(plain: boolean): Promise<{ database: Database; drop(): Promise<void> }> {
  const dbName = `vigil_bench_ingest_${process.pid}_${plain ? 'plain' : 'partitioned'}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  const url = new URL(adminUrl);
  url.pathname = `/${dbName}`;
  const database = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 8 });
  await database.migrate();
  if (plain) await unpartitionReadings(database);
  else {
    // The readings run from 20 days back: that month and this one, as the daily job has made them.
    for (const { table } of readingKindTables) for (const add of [-1, 0]) await makeMonth(database.db, table, monthStart(new Date(), add));
  }
  return {
    database,
    drop: async () => {
      await database.close();
      await admin.query(`drop database if exists ${dbName} with (force)`);
      await admin.end();
    },
  };
}

/**
 * bench:ingest:compare: batched ingestion into one plain `readings` table (before 0018) and into
 * the partitioned one, each in its own database, in alternating blocks of BLOCK_BATCHES batches
 * (plain, partitioned, partitioned, plain, …; 4 batches in parallel within a block), so both layouts
 * see the same load over the run: on a shared host whose load swings by a factor of two within
 * minutes, two runs one after the other compare the load, not the layout.
 */
async function compareLayouts(): Promise<void> {
  const READINGS = Number(process.env.BENCH_INGEST_COMPARE_READINGS ?? '400000');
  const BLOCK_BATCHES = 10;
  const sides = await Promise.all(
    [true, false].map(async (plain) => {
      const { database, drop } = await throwaway(plain);
      const world = await seedIngestWorld(database.db, { members: DEVICES, deviceType: DeviceType.watchB10, orgName: `Bench ${plain ? 'plain' : 'partitioned'}` });
      const service = new IngestService(database.db, new DomainEventBus());
      const principal = { kind: 'gateway' as const, gatewayId: 1, orgId: world.org.id };
      const rows = makeReadings(world.devices.map((d) => d.serial), nowUnix() - 20 * 86400, READINGS);
      const batches: Reading[][] = [];
      for (let i = 0; i < rows.length; i += BATCH) batches.push(rows.slice(i, i + BATCH));
      await service.warm({ orgIds: [world.org.id] });
      await service.ingest(principal, batches[0]);
      return { name: plain ? 'plain' : 'partitioned', database, drop, service, principal, batches, accepted: 0, seconds: 0, blockRates: [] as number[] };
    }),
  );
  try {
    const load = os.loadavg()[0];
    for (let from = 1, block = 0; from < sides[0].batches.length; from += BLOCK_BATCHES, block++) {
      for (const side of block % 2 === 0 ? sides : [...sides].reverse()) {
        let next = from;
        let accepted = 0;
        const to = Math.min(from + BLOCK_BATCHES, side.batches.length);
        const t0 = performance.now();
        await Promise.all(
          Array.from({ length: 4 }, async () => {
            while (next < to) {
              const result = await side.service.ingest(side.principal, side.batches[next++]);
              accepted += result.accepted;
            }
          }),
        );
        const seconds = (performance.now() - t0) / 1000;
        side.accepted += accepted;
        side.seconds += seconds;
        side.blockRates.push(accepted / seconds);
      }
    }
    const rate = (side: (typeof sides)[number]) => side.accepted / side.seconds;
    const [plain, partitioned] = sides;
    const ratio = rate(partitioned) / rate(plain);
    // Block by block, the partitioned rate over the plain one next to it: their median resists a burst of load in one block.
    const pairs = plain.blockRates.map((r, i) => partitioned.blockRates[i] / r).sort((a, b) => a - b);
    const median = pairs[Math.floor(pairs.length / 2)];
    for (const side of sides) {
      const { rows } = await side.database.db.execute<{ partition: string; n: number }>(
        sql`select tableoid::regclass::text as partition, count(*)::int as n from readings group by 1 order by 2 desc limit 1`,
      );
      console.log(`  ${side.name.padEnd(12)} ${fmt(rate(side))} readings/s batched (${fmt(side.accepted)} readings in ${side.seconds.toFixed(1)} s; most in ${rows[0]?.partition})`);
    }
    console.log(
      `bench:ingest compare (load ${load.toFixed(1)} at start, ${os.loadavg()[0].toFixed(1)} at end; ${pairs.length} interleaved blocks of ${BLOCK_BATCHES * BATCH} readings): ` +
        `partitioned / plain = ${ratio.toFixed(2)} × overall, block median ${median.toFixed(2)} × (goal ≥ 0.90: ${ratio >= 0.9 ? 'met' : 'NOT met'})`,
    );
    mkdirSync(new URL('../results/', import.meta.url), { recursive: true });
    writeFileSync(
      new URL('../results/ingest-compare.json', import.meta.url),
      JSON.stringify({ at: new Date().toISOString(), ratio, median, rates: Object.fromEntries(sides.map((x) => [x.name, rate(x)])) }, null, 2),
    );
  } finally {
    for (const side of sides) await side.drop();
  }
}

/** One PostgreSQL run on a throwaway database. */
async function onPostgres(label: string): Promise<Figures> {
  const dbName = `vigil_bench_ingest_${process.pid}_${results.length}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  try {
    const url = new URL(adminUrl);
    url.pathname = `/${dbName}`;
    const postgres = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 8 });
    await postgres.migrate();
    try {
      const figures = await scenario(postgres, label, { readings: 200_000, concurrency: 4, sustainedSeconds: SUSTAINED_SECONDS, activityUrl: url.toString() });
      results.push(figures);
      report(figures);
      return figures;
    } finally {
      await postgres.close();
    }
  } finally {
    await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.end();
  }
}

if (COMPARE) {
  await compareLayouts();
  process.exit(0);
}

await onPostgres('PostgreSQL');

const pglite = await openDatabase({ kind: 'pglite' });
await pglite.migrate();
results.push(
  await scenario(pglite, 'PGlite (reference)', { readings: 50_000, concurrency: 1, sustainedSeconds: 10 }),
);
report(results.at(-1)!);
await pglite.close();

mkdirSync(new URL('../results/', import.meta.url), { recursive: true });
writeFileSync(
  new URL('../results/ingest.json', import.meta.url),
  JSON.stringify({ at: new Date().toISOString(), results }, null, 2),
);
