/**
 * npm run bench:report: one member's three-month report (issue 28 item 3) on the database
 * `npm run bench:deep:generate` built (a year of one-minute heart rate per member, a million
 * alerts). Times GET /user/report/{id} through the real route (Fastify inject: auth, permission,
 * scope, the report's queries, the PDF with its subset CJK font) for the newest quarter of the
 * member's readings, in both languages; goal ≤ 3 s per report. BENCH_REPORT_RUNS (default 5)
 * timed calls per language after one warm-up. Writes bench/results/report.json.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { eq, sql } from 'drizzle-orm';
import { MEMBER_REPORT_MAX_DAYS } from '../../packages/contracts/src/schemas/member-report.ts';
import { buildApp } from '../../apps/server/src/app.ts';
import { createSession } from '../../apps/server/src/auth/sessions.ts';
import { testConfig } from '../../apps/server/src/config.ts';
import { ensureRoles } from '../../apps/server/src/db/bootstrap.ts';
import { openDatabase } from '../../apps/server/src/db/client.ts';
import { members, orgs, staff } from '../../apps/server/src/db/schema/index.ts';
import { ORG_NAME, deepUrls } from '../deep/generate.ts';
import { percentile } from '../ingest/workload.ts';

const RUNS = Number(process.env.BENCH_REPORT_RUNS ?? '5');
const GOAL_MS = 3000;
const DAY = 86_400;

async function main() {
  const database = await openDatabase({ kind: 'postgres', url: deepUrls().deep, poolSize: 8 });
  await ensureRoles(database.db);
  const [org] = await database.db.select().from(orgs).where(eq(orgs.name, ORG_NAME));
  if (!org) throw new Error('no deep-bench database: run npm run bench:deep:generate first');
  const [admin] = await database.db.select().from(staff).where(eq(staff.account, 'deep0'));
  const [member] = await database.db
    .select()
    .from(members)
    .where(eq(members.orgId, org.id))
    .orderBy(members.id)
    .limit(1);
  const config = testConfig({ webDist: '/nonexistent' });
  const token = await createSession(database.db, config, admin.id, {});
  const app = await buildApp({ config, database });
  await app.ready();

  const { rows } = await database.db.execute<{ last: string }>(
    sql`select extract(epoch from max(occur_time))::bigint as last from readings where member_id = ${member.id}`,
  );
  const to = Number(rows[0].last);
  const from = to - (MEMBER_REPORT_MAX_DAYS - 1) * DAY;
  const { rows: counted } = await database.db.execute<{ readings: string; alerts: string }>(sql`
    select (select count(*) from readings where member_id = ${member.id} and occur_time between to_timestamp(${from}) and to_timestamp(${to})) as readings,
           (select count(*) from abnormal_events where member_id = ${member.id} and occur_time between to_timestamp(${from}) and to_timestamp(${to})) as alerts`);
  console.log(
    `bench:report: member ${member.id}, ${MEMBER_REPORT_MAX_DAYS - 1} days, ${Number(counted[0].readings).toLocaleString('en')} readings and ${Number(counted[0].alerts).toLocaleString('en')} alerts in the period; ${RUNS} runs per language; load ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );

  const figures: { lang: string; p50: number; max: number; bytes: number; goal: number }[] = [];
  for (const lang of ['zh-TW', 'en']) {
    const url = `/api/user/report/${member.id}?${new URLSearchParams({ from: String(from), to: String(to), lang })}`;
    const call = async () => {
      const res = await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
      if (res.statusCode !== 200)
        throw new Error(`GET ${url} answered ${res.statusCode}: ${res.body.slice(0, 300)}`);
      return res.rawPayload.length;
    };
    let bytes = await call();
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const t0 = performance.now();
      bytes = await call();
      times.push(performance.now() - t0);
    }
    figures.push({ lang, p50: percentile(times, 50), max: Math.max(...times), bytes, goal: GOAL_MS });
  }
  await app.close();
  await database.close();

  console.log(
    `\n${'report'.padEnd(30)}${'p50'.padStart(10)}${'max'.padStart(10)}${'size'.padStart(10)}  goal     verdict`,
  );
  for (const f of figures) {
    console.log(
      `${`three months, ${f.lang}`.padEnd(30)}${`${f.p50.toFixed(0)} ms`.padStart(10)}${`${f.max.toFixed(0)} ms`.padStart(10)}${`${(f.bytes / 1024).toFixed(0)} kB`.padStart(10)}  ${GOAL_MS} ms  ${f.max <= GOAL_MS ? 'PASS' : 'MISS'}`,
    );
  }
  console.log('\ngoal on the slowest run.');
  mkdirSync(new URL('../results/', import.meta.url), { recursive: true });
  writeFileSync(
    new URL('../results/report.json', import.meta.url),
    JSON.stringify(
      { at: new Date().toISOString(), load: os.loadavg(), runs: RUNS, member: member.id, from, to, figures },
      null,
      2,
    ),
  );
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
