/**
 * npm run bench:charts: a member with a week of one-minute heart rate (10,080 readings).
 * Prints the server time of the chart call on PostgreSQL — the API's real route (route.ts) and,
 * for comparison, the bare range scan — the browser time from data received to chart drawn in
 * Chromium, and the number of points drawn. Goals: < 25 ms (the API's call) and < 100 ms.
 * BENCH_PLANS=1 also prints the plans of the route's statements.
 */
import { HEART_RATE_CHART_GAP_MS } from '../../packages/contracts/src/rules/chart.ts';
import { chartListParams, chartListSql, createSeededDatabase, MEMBERS, timeQuery } from './database.ts';
import { measureInChromium } from './browser.ts';
import { slimListSql, timeRoute, timeStatement } from './route.ts';

const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const fmt = (ms: number) => `${ms.toFixed(1)} ms`;

const seeded = await createSeededDatabase(adminUrl);
try {
  const bare = await timeQuery(seeded.url, chartListSql, chartListParams(seeded));
  const route = await timeRoute(seeded);
  const browser = await measureInChromium(route.body, { gapSeconds: HEART_RATE_CHART_GAP_MS / 1000, from: seeded.from, to: seeded.to });

  const d = browser.decimated;
  const r = browser.raw;
  console.log(`Heart-rate chart, one member, one week of one-minute readings (${MEMBERS} members in the table)`);
  console.log(`  server: GET /physiologic/heart/rate (real route, inject)  median ${fmt(route.medianMs)}, p95 ${fmt(route.p95Ms)} (${route.rows} rows, ${(route.body.length / 1024).toFixed(0)} KiB JSON)  goal < 25 ms`);
  for (const s of route.statements) {
    const kind = /count\(/i.test(s.sql) ? 'count' : 'list';
    const top = s.plan.find((l) => /Scan|Join|Aggregate/.test(l))?.trim() ?? s.plan[0];
    console.log(`    its ${kind} statement alone: median ${fmt(s.ms)}  (${top.replace(/\s+\(cost=.*$/, '')})`);
    if (process.env.BENCH_PLANS) console.log(`${s.sql}\n${s.plan.join('\n')}\n`);
  }
  const list = route.statements.find((s) => !/count\(/i.test(s.sql));
  if (list) {
    const slim = await timeStatement(seeded.url, slimListSql(list.sql), list.params);
    console.log(`    the list statement narrowed to a chart row's columns (epoch times): median ${fmt(slim)}`);
  }
  console.log(`  server: bare range scan, no join/count/scope   median ${fmt(bare.medianMs)}, p95 ${fmt(bare.p95Ms)} (${bare.rows} rows)`);
  console.log(`  browser: data received -> chart drawn    median ${fmt(d.totalMs)} (parse ${fmt(d.parseMs)}, rules ${fmt(d.prepareMs)}, decimate+draw ${fmt(d.drawMs)}; next frame ${fmt(d.nextFrameMs)})  goal < 100 ms`);
  console.log(`  points drawn: ${d.pointsDrawn} of ${d.rows} readings (min-max per pixel column, 1200 px)`);
  console.log(`  without decimation: ${fmt(r.totalMs)} to draw all ${r.pointsDrawn} points`);
  const ok = route.medianMs < 25 && d.totalMs < 100;
  console.log(ok ? 'Both goals met.' : 'A goal was missed.');
  process.exitCode = ok ? 0 : 1;
} finally {
  await seeded.drop();
}
