/**
 * npm run bench:timeline: a member's timeline (GET /user/timeline/{id}, docs/timeline.md) on the
 * database `npm run bench:deep:generate` built (a year of one-minute heart rate, a million abnormal
 * events with their handlings, member change logs, hourly rollups; BENCH_DEEP_SCALE scales it).
 * Through the real route (Fastify inject: auth, permission, scope, query, mapping), it times:
 *
 * - the first page (every kind, newest first) and the deepest page (the cursor of the member's
 *   oldest events, reached by following next_cursor from the first); goal p99 ≤ 25 ms each;
 * - the same two pages of the alerts only, and of the daily vital summaries only.
 *
 * BENCH_TIMELINE_RUNS (default 100) calls per figure after 5 warm-up calls. Writes
 * bench/results/timeline.json.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { eq, sql } from 'drizzle-orm';
import { buildApp } from '../../apps/server/src/app.ts';
import { createSession } from '../../apps/server/src/auth/sessions.ts';
import { testConfig } from '../../apps/server/src/config.ts';
import { ensureRoles } from '../../apps/server/src/db/bootstrap.ts';
import { openDatabase } from '../../apps/server/src/db/client.ts';
import { members, orgs, staff } from '../../apps/server/src/db/schema/index.ts';
import { ORG_NAME, deepUrls } from '../deep/generate.ts';
import { percentile } from '../ingest/workload.ts';

const RUNS = Number(process.env.BENCH_TIMELINE_RUNS ?? '100');
const GOAL_MS = 25;
const PER_PAGE = 20;

type Page = { data: { list: { kind: string; time: number }[]; next_cursor: string | null } };
type Figure = { name: string; p50: number; p99: number; goal: number; rows: number; pages: number };

async function main() {
  const { deep: url } = deepUrls();
  const database = await openDatabase({ kind: 'postgres', url, poolSize: 8 });
  await ensureRoles(database.db);
  await database.migrate();
  const [org] = await database.db.select().from(orgs).where(eq(orgs.name, ORG_NAME));
  if (!org) throw new Error('no deep-bench database: run npm run bench:deep:generate first');
  const [admin] = await database.db.select().from(staff).where(eq(staff.account, 'deep0'));
  const [member] = await database.db.select().from(members).where(eq(members.orgId, org.id)).orderBy(members.id).limit(1);
  const config = testConfig({ webDist: '/nonexistent' });
  const token = await createSession(database.db, config, admin.id, {});
  const app = await buildApp({ config, database });
  await app.ready();
  const { rows } = await database.db.execute<{ abnormal: string; handles: string; rollups: string }>(sql`select
      (select count(*) from abnormal_events where member_id = ${member.id})::text as abnormal,
      (select count(*) from abnormal_handles where member_id = ${member.id})::text as handles,
      (select count(*) from reading_rollups where member_id = ${member.id})::text as rollups`);
  console.log(`bench:timeline: member ${member.id}: ${Number(rows[0].abnormal).toLocaleString('en')} alerts, ${Number(rows[0].handles).toLocaleString('en')} handlings, ${Number(rows[0].rollups).toLocaleString('en')} hourly rollups; ${RUNS} calls per figure; load ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);

  const headers = { authorization: `Bearer ${token}` };
  const get = async (path: string): Promise<Page> => {
    const res = await app.inject({ method: 'GET', url: path, headers });
    if (res.statusCode !== 200) throw new Error(`GET ${path} answered ${res.statusCode}: ${res.body.slice(0, 300)}`);
    return JSON.parse(res.body) as Page;
  };
  const base = (kinds?: string) => `/api/user/timeline/${member.id}?per_page=${PER_PAGE}${kinds ? `&kinds=${kinds}` : ''}`;
  /** The path of the last page, found by following the cursors (and how many pages there are). */
  const deepest = async (path: string): Promise<{ path: string; pages: number }> => {
    let at = path;
    let pages = 1;
    for (let page = await get(at); page.data.next_cursor; pages++) {
      at = `${path}&cursor=${page.data.next_cursor}`;
      page = await get(at);
    }
    return { path: at, pages };
  };
  const time = async (name: string, path: string, pages: number): Promise<Figure> => {
    const times: number[] = [];
    let body = await get(path);
    for (let i = 0; i < 5 + RUNS; i++) {
      const t0 = performance.now();
      body = await get(path);
      if (i >= 5) times.push(performance.now() - t0);
    }
    return { name, p50: percentile(times, 50), p99: percentile(times, 99), goal: GOAL_MS, rows: body.data.list.length, pages };
  };

  const figures: Figure[] = [];
  for (const [label, kinds] of [
    ['every kind', undefined],
    ['alerts only', 'alert_raised,alert_escalated,alert_acknowledged,alert_handled'],
    ['vital summaries only', 'vital_summary'],
  ] as const) {
    const last = await deepest(base(kinds));
    figures.push(await time(`${label}: first page`, base(kinds), last.pages));
    figures.push(await time(`${label}: deepest page (${last.pages.toLocaleString('en')})`, last.path, last.pages));
  }
  await app.close();
  await database.close();

  const ms = (v: number) => `${v.toFixed(1)} ms`.padStart(10);
  console.log(`\n${'call'.padEnd(48)}${'p50'.padStart(10)}${'p99'.padStart(10)}  goal      verdict`);
  for (const f of figures) console.log(`${f.name.padEnd(48)}${ms(f.p50)}${ms(f.p99)}  ${f.goal} ms     ${f.p99 <= f.goal ? 'PASS' : 'MISS'}  (${f.rows} events)`);
  console.log(`\ngoals on p99; load ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);
  mkdirSync(new URL('../results/', import.meta.url), { recursive: true });
  writeFileSync(new URL('../results/timeline.json', import.meta.url), JSON.stringify({ at: new Date().toISOString(), load: os.loadavg(), runs: RUNS, member: member.id, figures }, null, 2));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
