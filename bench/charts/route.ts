/**
 * The server's chart call, timed as the API serves it: GET /api/physiologic/heart/rate/chart
 * (SPEC §9 rules and min-max decimation on the server) and, for comparison, the unpaged list
 * GET /api/physiologic/heart/rate?per_page=-1 that a chart would otherwise read whole. Both run
 * through the real route (auth, permission, scope, query, mapping) by Fastify's inject, so no
 * socket time is counted. The statements each route sends are captured and explained.
 */
import pg from 'pg';
import { HEART_RATE_CHART_GAP_MS } from '../../packages/contracts/src/rules/chart.ts';
import { Role } from '../../packages/contracts/src/index.ts';
import { buildApp } from '../../apps/server/src/app.ts';
import { createSession } from '../../apps/server/src/auth/sessions.ts';
import { testConfig } from '../../apps/server/src/config.ts';
import { ensureRoles } from '../../apps/server/src/db/bootstrap.ts';
import { openDatabase } from '../../apps/server/src/db/client.ts';
import { staff as staffTable } from '../../apps/server/src/db/schema/index.ts';
import { QUARTER_DAYS, type Seeded, SOURCE, type Timing } from './database.ts';

export interface RouteFigures extends Timing {
  /** Readings in the range (the response's total). */
  readings: number;
  body: string;
  statements: { sql: string; params: unknown[]; plan: string[]; ms: number }[];
}

type Captured = { text: string; values: unknown[] };

/** Records the statements the pool runs while `fn` runs (pg's Pool hands each to a client). */
async function capture<T>(fn: () => Promise<T>): Promise<{ result: T; statements: Captured[] }> {
  const statements: Captured[] = [];
  const original = pg.Client.prototype.query;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const [config, values] = args as [string | { text: string; values?: unknown[] }, unknown[] | undefined];
    if (typeof config === 'string') statements.push({ text: config, values: values ?? [] });
    else if (config && typeof config === 'object' && 'text' in config) statements.push({ text: config.text, values: config.values ?? values ?? [] });
    return (original as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof original;
  try {
    return { result: await fn(), statements };
  } finally {
    pg.Client.prototype.query = original;
  }
}

/** The two calls a heart-rate chart could make: the chart endpoint (what the console uses) and the unpaged list. */
export type ChartCall = 'chart' | 'list' | 'quarter';

export async function timeRoutes(seeded: Seeded, runs = 40): Promise<Record<ChartCall, RouteFigures>> {
  const database = await openDatabase({ kind: 'postgres', url: seeded.url, poolSize: 4 });
  await ensureRoles(database.db);
  const config = testConfig({ webDist: '/nonexistent' });
  const [admin] = await database.db
    .insert(staffTable)
    .values({ orgId: seeded.orgId, role: Role.orgAdmin, account: `cb${Date.now() % 1e9}`, passwordHash: 'x', name: 'Chart bench' })
    .returning({ id: staffTable.id });
  const token = await createSession(database.db, config, admin.id, {});
  const app = await buildApp({ config, database });
  await app.ready();
  const range = { user_id: String(seeded.memberId), types: String(SOURCE), start_date: String(seeded.from), end_date: String(seeded.to) };
  const urls: Record<ChartCall, string> = {
    // The wearable heart-rate tab's call: the one-minute gap rule, the server's default width.
    chart: `/api/physiologic/heart/rate/chart?${new URLSearchParams({ ...range, gap_seconds: String(HEART_RATE_CHART_GAP_MS / 1000) })}`,
    list: `/api/physiologic/heart/rate?${new URLSearchParams({ ...range, order_by: 'occur_time', order: 'asc', per_page: '-1' })}`,
    quarter: `/api/physiologic/heart/rate/chart?${new URLSearchParams({ ...range, start_date: String(seeded.to - QUARTER_DAYS * 86_400), gap_seconds: String(HEART_RATE_CHART_GAP_MS / 1000) })}`,
  };
  const time = async (url: string, repeat = runs): Promise<RouteFigures> => {
    const call = () => app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
    // The goal is a running server's time. The first calls after seeding ran against a cold JIT
    // (and a database still writing the seed out): with 5 warm-up calls the week's median read
    // 14.3–15.8 ms where 30 give 9.6–11.7 ms, same host, same hour (bench/README.md).
    const warm = 30;
    const times: number[] = [];
    let body = '';
    for (let i = 0; i < warm + repeat; i++) {
      const t0 = performance.now();
      const res = await call();
      const t1 = performance.now();
      if (res.statusCode !== 200) throw new Error(`GET ${url} answered ${res.statusCode}: ${res.body.slice(0, 300)}`);
      if (i >= warm) times.push(t1 - t0);
      body = res.body;
    }
    times.sort((a, b) => a - b);
    const { statements } = await capture(call);
    const data = (JSON.parse(body) as { data: { list: unknown[]; total: number } }).data;
    return {
      medianMs: times[Math.floor(times.length / 2)],
      p95Ms: times[Math.min(times.length - 1, Math.floor(times.length * 0.95))],
      rows: data.list.length,
      readings: data.total,
      body,
      statements: await explain(seeded.url, statements),
    };
  };
  try {
    return { chart: await time(urls.chart), list: await time(urls.list), quarter: await time(urls.quarter, 10) };
  } finally {
    await app.close();
    await database.close();
  }
}

/** EXPLAIN ANALYZE of the route's reading statements (session look-ups are left out), with their own median. */
async function explain(url: string, statements: Captured[]): Promise<RouteFigures['statements']> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const out: RouteFigures['statements'] = [];
    for (const s of statements.filter((st) => /from "readings"/i.test(st.text))) {
      const plan = await client.query(`EXPLAIN (ANALYZE, BUFFERS) ${s.text}`, s.values);
      const times: number[] = [];
      for (let i = 0; i < 25; i++) {
        const t0 = performance.now();
        await client.query(s.text, s.values);
        times.push(performance.now() - t0);
      }
      times.sort((a, b) => a - b);
      out.push({
        sql: s.text,
        params: s.values,
        plan: plan.rows.map((r: Record<string, string>) => r['QUERY PLAN']),
        ms: times[Math.floor(times.length / 2)],
      });
    }
    return out;
  } finally {
    await client.end();
  }
}
