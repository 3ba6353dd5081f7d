/**
 * The server's own chart call, timed as the API serves it: GET /api/physiologic/heart/rate with
 * the chart's query (SPEC §7: user_id, types, start_date, end_date, per_page -1, ascending), run
 * through the real route (auth, permission, scope, count, list with the members join, row
 * mapping, response schema) by Fastify's inject, so no socket time is counted. The statements
 * the route sends are captured and explained, to show where the time goes.
 */
import pg from 'pg';
import { Role } from '../../packages/contracts/src/index.ts';
import { buildApp } from '../../apps/server/src/app.ts';
import { createSession } from '../../apps/server/src/auth/sessions.ts';
import { testConfig } from '../../apps/server/src/config.ts';
import { ensureRoles } from '../../apps/server/src/db/bootstrap.ts';
import { openDatabase } from '../../apps/server/src/db/client.ts';
import { staff as staffTable } from '../../apps/server/src/db/schema/index.ts';
import { type Seeded, SOURCE, type Timing } from './database.ts';

export interface RouteFigures extends Timing {
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

/** Median time of one statement run repeatedly on its own connection (rows fetched and parsed by pg). */
export async function timeStatement(url: string, sql: string, params: unknown[], runs = 25): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const times: number[] = [];
  for (let i = 0; i < runs + 3; i++) {
    const t0 = performance.now();
    await client.query(sql, params);
    if (i >= 3) times.push(performance.now() - t0);
  }
  await client.end();
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)];
}

export async function timeRoute(seeded: Seeded, runs = 40): Promise<RouteFigures> {
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
  const query = new URLSearchParams({
    user_id: String(seeded.memberId),
    types: String(SOURCE),
    start_date: String(seeded.from),
    end_date: String(seeded.to),
    order_by: 'occur_time',
    order: 'asc',
    per_page: '-1',
  });
  const call = () => app.inject({ method: 'GET', url: `/api/physiologic/heart/rate?${query}`, headers: { authorization: `Bearer ${token}` } });
  try {
    const warm = 5;
    const times: number[] = [];
    let body = '';
    for (let i = 0; i < warm + runs; i++) {
      const t0 = performance.now();
      const res = await call();
      const t1 = performance.now();
      if (res.statusCode !== 200) throw new Error(`GET heart rate answered ${res.statusCode}: ${res.body.slice(0, 300)}`);
      if (i >= warm) times.push(t1 - t0);
      body = res.body;
    }
    times.sort((a, b) => a - b);
    const { statements } = await capture(call);
    const explained = await explain(seeded.url, statements);
    return {
      medianMs: times[Math.floor(times.length / 2)],
      p95Ms: times[Math.min(times.length - 1, Math.floor(times.length * 0.95))],
      rows: (JSON.parse(body) as { data: { list: unknown[] } }).data.list.length,
      body,
      statements: explained,
    };
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

/**
 * The route's list statement narrowed to what a chart row needs, times as epoch seconds computed
 * by PostgreSQL: what the pipeline would send if it stopped selecting every column (three
 * timestamptz parsed into Dates per row, the jsonb data) for the unpaged chart call.
 */
export function slimListSql(routeListSql: string): string {
  return routeListSql.replace(
    /^select .*? from "readings"/s,
    'select "readings"."id", "readings"."source", extract(epoch from "readings"."occur_time")::bigint as occur_time, "readings"."value", "readings"."remark", "members"."name" from "readings"',
  );
}
