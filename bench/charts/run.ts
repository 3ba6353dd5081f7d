/**
 * npm run bench:charts: a member with a week of one-minute heart rate (10,080 readings).
 * Prints the server time of the chart query on PostgreSQL, the browser time from data received
 * to chart drawn in Chromium, and the number of points drawn. Goals: < 25 ms and < 100 ms.
 */
import { HEART_RATE_CHART_GAP_MS } from '../../packages/contracts/src/rules/chart.ts';
import { chartListParams, chartListSql, createSeededDatabase, MEMBERS, timeQuery } from './database.ts';
import { measureInChromium } from './browser.ts';

const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const fmt = (ms: number) => `${ms.toFixed(1)} ms`;

const seeded = await createSeededDatabase(adminUrl);
try {
  const query = await timeQuery(seeded.url, chartListSql, chartListParams(seeded));
  const list = query.sample.rows.map((r: { id: string; type: number; occur_time: string; value: number }) => ({
    id: Number(r.id),
    user_name: 'Bench member',
    value: Number(r.value),
    occur_time: Number(r.occur_time),
    type: r.type,
    remark: null,
  }));
  const body = JSON.stringify({ data: { current_page: 1, last_page: 1, per_page: -1, total: list.length, list } });
  const browser = await measureInChromium(body, { gapSeconds: HEART_RATE_CHART_GAP_MS / 1000, from: seeded.from, to: seeded.to });

  const d = browser.decimated;
  const r = browser.raw;
  console.log(`Heart-rate chart, one member, one week of one-minute readings (${MEMBERS} members in the table)`);
  console.log(`  server: chart query on PostgreSQL        median ${fmt(query.medianMs)}, p95 ${fmt(query.p95Ms)} (${query.rows} rows, ${(body.length / 1024).toFixed(0)} KiB JSON)  goal < 25 ms`);
  console.log(`  browser: data received -> chart drawn    median ${fmt(d.totalMs)} (parse ${fmt(d.parseMs)}, rules ${fmt(d.prepareMs)}, decimate+draw ${fmt(d.drawMs)}; next frame ${fmt(d.nextFrameMs)})  goal < 100 ms`);
  console.log(`  points drawn: ${d.pointsDrawn} of ${d.rows} readings (min-max per pixel column, 1200 px)`);
  console.log(`  without decimation: ${fmt(r.totalMs)} to draw all ${r.pointsDrawn} points`);
  const ok = query.medianMs < 25 && d.totalMs < 100;
  console.log(ok ? 'Both goals met.' : 'A goal was missed.');
  process.exitCode = ok ? 0 : 1;
} finally {
  await seeded.drop();
}
