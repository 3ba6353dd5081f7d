/**
 * `npm run bench:fhir`: a week of one-minute heart rate of one patient (10,080 readings) read
 * through FHIR as searchset Bundles of 1,000, following `next` links, against the REST list of the
 * same rows (GET /physiologic/heart/rate, 1,000 a page) in the same run and process. Both go
 * through the real routes (sign-in, permission, scope, query, mapping) by Fastify's inject, on the
 * embedded database (PGlite) unless TEST_DATABASE_URL's server answers. Goal: FHIR within 3 × the
 * REST list's time. Writes bench/results/fhir.json.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import { DeviceType, Role } from '../../packages/contracts/src/index.ts';
import { buildApp } from '../../apps/server/src/app.ts';
import { createSession } from '../../apps/server/src/auth/sessions.ts';
import { testConfig } from '../../apps/server/src/config.ts';
import { ensureRoles } from '../../apps/server/src/db/bootstrap.ts';
import { openDatabase, type Database } from '../../apps/server/src/db/client.ts';
import { devices, members, orgs, staff as staffTable } from '../../apps/server/src/db/schema/index.ts';
import { readingKindCode } from '../../apps/server/src/ingest/kinds.ts';
import { ms, percentile, throwawayDatabase } from '../common.ts';

const WEEK = 7 * 86_400;
const PAGE = 1_000;
const RUNS = Number(process.env.RUNS ?? 15);
const WARM = 5;
const GOAL_RATIO = 3;

async function seed(database: Database, to: number) {
  const { db } = database;
  await ensureRoles(db);
  const [org] = await db.insert(orgs).values({ name: 'Bench FHIR care home', type: 1 }).returning({ id: orgs.id });
  const [member] = await db.insert(members).values({ orgId: org.id, name: 'Bench patient', gender: 0, birthday: '1940-03-01' }).returning({ id: members.id });
  const [device] = await db.insert(devices).values({ orgId: org.id, type: DeviceType.watchB10, serial: `BENCHFHIR${process.pid}` }).returning({ id: devices.id });
  const from = to - WEEK + 60;
  // One reading a minute for the week, as a one-minute watch stores them (source 1: its one-minute stream).
  await db.execute(sql`
    insert into readings (org_id, member_id, device_id, kind, source, occur_time, value)
    select ${org.id}, ${member.id}, ${device.id}, ${readingKindCode.heartRate}, 1, to_timestamp(t), 60 + (t / 60) % 40
    from generate_series(${from}::bigint, ${to}::bigint, 60) as t`);
  await db.execute(sql`analyze readings`);
  const [admin] = await db
    .insert(staffTable)
    .values({ orgId: org.id, role: Role.orgAdmin, account: `fhirbench${process.pid}`, passwordHash: 'x', name: 'FHIR bench' })
    .returning({ id: staffTable.id });
  return { memberId: member.id, adminId: admin.id, from };
}

async function main() {
  const throwaway = await throwawayDatabase('vigil_bench_fhir');
  const database = throwaway.url ? await openDatabase({ kind: 'postgres', url: throwaway.url, poolSize: 4 }) : await openDatabase({ kind: 'pglite' });
  try {
    await database.migrate();
    const to = Math.floor(Date.now() / 60_000) * 60;
    const { memberId, adminId, from } = await seed(database, to);
    const config = testConfig({ webDist: '/nonexistent' });
    const token = await createSession(database.db, config, adminId, {});
    const app = await buildApp({ config, database });
    await app.ready();
    const get = async (url: string) => {
      const res = await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
      if (res.statusCode !== 200) throw new Error(`GET ${url} answered ${res.statusCode}: ${res.body.slice(0, 300)}`);
      return res;
    };

    /** Every page of the REST list: page numbers until the last. */
    const rest = async (): Promise<number> => {
      let rows = 0;
      for (let page = 1; ; page++) {
        const q = new URLSearchParams({ user_id: String(memberId), start_date: String(from), end_date: String(to), order_by: 'occur_time', order: 'asc', per_page: String(PAGE), page: String(page) });
        const data = (await get(`/api/physiologic/heart/rate?${q}`)).json().data as { list: unknown[]; last_page: number };
        rows += data.list.length;
        if (page >= data.last_page) return rows;
      }
    };
    /** Every Bundle of the FHIR search: `next` links until there is none. */
    const fhir = async (): Promise<number> => {
      let rows = 0;
      const q = new URLSearchParams({ patient: `Patient/${memberId}`, code: 'http://loinc.org|8867-4', date: `ge${new Date(from * 1000).toISOString()}`, _count: String(PAGE) });
      let url: string | undefined = `/api/fhir/R4/Observation?${q}`;
      while (url) {
        const bundle = (await get(url)).json() as { entry?: unknown[]; link: { relation: string; url: string }[] };
        rows += bundle.entry?.length ?? 0;
        const next = bundle.link.find((l) => l.relation === 'next')?.url;
        url = next ? new URL(next).pathname + new URL(next).search : undefined;
      }
      return rows;
    };

    const times: Record<'rest' | 'fhir', number[]> = { rest: [], fhir: [] };
    const counts = { rest: 0, fhir: 0 };
    // Alternated, so load on the machine weighs on both alike.
    for (let i = 0; i < WARM + RUNS; i++) {
      for (const which of ['rest', 'fhir'] as const) {
        const t0 = performance.now();
        counts[which] = await (which === 'rest' ? rest() : fhir());
        if (i >= WARM) times[which].push(performance.now() - t0);
      }
    }
    await app.close();
    // The REST list counts exactly only up to 10,000 rows (resources/paging.ts): past that its
    // total is the planner's estimate and its back pages are approximate, so it may read a few
    // rows fewer than the keyset-paged FHIR search, which must read all of them.
    if (counts.fhir !== WEEK / 60) throw new Error(`FHIR read ${counts.fhir} rows of ${WEEK / 60}`);
    const median = { rest: percentile(times.rest, 50), fhir: percentile(times.fhir, 50) };
    const ratio = median.fhir / median.rest;
    const verdict = ratio <= GOAL_RATIO ? 'PASS' : 'OVER';
    console.log(`FHIR bench (${database.kind}): ${counts.fhir} heart-rate readings of one patient (the REST list's pages held ${counts.rest}), pages of ${PAGE}, ${RUNS} runs`);
    console.log(`  REST list, every page:        median ${ms(median.rest)}, p95 ${ms(percentile(times.rest, 95))}`);
    console.log(`  FHIR Bundles by next links:   median ${ms(median.fhir)}, p95 ${ms(percentile(times.fhir, 95))}`);
    console.log(`  ratio ${ratio.toFixed(2)} × (goal ≤ ${GOAL_RATIO} ×): ${verdict}`);
    await mkdir(new URL('../results/', import.meta.url), { recursive: true });
    await writeFile(
      new URL('../results/fhir.json', import.meta.url),
      JSON.stringify({ at: new Date().toISOString(), engine: database.kind, readings: counts.fhir, restRows: counts.rest, page: PAGE, runs: RUNS, medianMs: median, ratio, verdict }, null, 2),
    );
    if (verdict !== 'PASS') process.exitCode = 1;
  } finally {
    await database.close();
    await throwaway.drop();
  }
}

await main();
