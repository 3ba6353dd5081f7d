/**
 * npm run bench:charts: a member with a week of one-minute heart rate (10,080 readings).
 * Prints the server time of the chart call on PostgreSQL — the API's chart route, and for
 * comparison the unpaged list a chart would otherwise read and the bare range scan — the browser
 * time from data received to chart drawn in Chromium, and the number of points drawn.
 * Then the same week's chart, and a three-month one, on the embedded default (PGlite) with the demo
 * simulator running. Goals (issue 18): week ≤ 15 ms on PostgreSQL and ≤ 25 ms on PGlite (median
 * server time), three months ≤ 50 ms on both, browser < 100 ms. BENCH_PLANS=1 prints the plans; BENCH_PGLITE=0 skips PGlite.
 * Writes bench/results/charts.json.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { HEART_RATE_CHART_GAP_MS } from '../../packages/contracts/src/rules/chart.ts';
import { chartListParams, chartListSql, createSeededDatabase, MEMBERS, timeQuery } from './database.ts';
import { measureInChromium } from './browser.ts';
import { type RouteFigures, timeRoutes } from './route.ts';
import { type PgliteFigures, timePgliteChart } from './pglite.ts';

const GOAL = { weekPostgresMs: 15, weekPgliteMs: 25, quarterMs: 50, browserMs: 100 };

const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const fmt = (ms: number) => `${ms.toFixed(1)} ms`;
const kib = (body: string) => `${(Buffer.byteLength(body) / 1024).toFixed(0)} KiB`;

function printStatements(route: RouteFigures): void {
  for (const s of route.statements) {
    const top = s.plan.find((l) => /Scan|Join|Aggregate/.test(l))?.trim() ?? s.plan[0];
    console.log(`      its readings statement alone: median ${fmt(s.ms)}  (${top.replace(/\s+\(cost=.*$/, '')})`);
    if (process.env.BENCH_PLANS) console.log(`${s.sql}\n${s.plan.join('\n')}\n`);
  }
}

const seeded = await createSeededDatabase(adminUrl);
try {
  const bare = await timeQuery(seeded.url, chartListSql, chartListParams(seeded));
  const routes = await timeRoutes(seeded);
  const browser = await measureInChromium(
    { points: routes.chart.body, rows: routes.list.body },
    { gapSeconds: HEART_RATE_CHART_GAP_MS / 1000, from: seeded.from, to: seeded.to },
  );

  const { chart, list } = routes;
  console.log(`Heart-rate chart, one member, one week of one-minute readings (${MEMBERS} members, their readings interleaved)`);
  console.log(`  PostgreSQL: GET /physiologic/heart/rate/chart (real route, inject)  median ${fmt(chart.medianMs)}, p95 ${fmt(chart.p95Ms)}  goal <= ${GOAL.weekPostgresMs} ms`);
  console.log(`      ${chart.readings} readings -> ${chart.rows} points (SPEC §9 rules, min-max per column, 1600 columns), ${kib(chart.body)} JSON`);
  printStatements(chart);
  console.log(`  for comparison: the unpaged list GET /physiologic/heart/rate?per_page=-1  median ${fmt(list.medianMs)}, p95 ${fmt(list.p95Ms)} (${list.rows} rows, ${kib(list.body)} JSON)`);
  printStatements(list);
  const q = routes.quarter;
  console.log(`  three months (the reading pages' limit): the same chart route  median ${fmt(q.medianMs)} (${q.readings} readings -> ${q.rows} points, ${kib(q.body)} JSON)  goal <= ${GOAL.quarterMs} ms`);
  console.log(`  for comparison: bare range scan, no scope or mapping       median ${fmt(bare.medianMs)} (${bare.rows} rows)`);
  const p = browser.points;
  console.log(`  browser: chart points received -> chart drawn   median ${fmt(p.totalMs)} (parse ${fmt(p.parseMs)}, align ${fmt(p.prepareMs)}, decimate+draw ${fmt(p.drawMs)}; next frame ${fmt(p.nextFrameMs)})  goal < 100 ms`);
  console.log(`  points drawn: ${p.pointsDrawn} (of ${p.rows} received, ${chart.readings} readings; chart 1200 px)`);
  console.log(`  for comparison: the unpaged list prepared in the browser ${fmt(browser.rows.totalMs)} (${browser.rows.pointsDrawn} drawn); drawn whole without decimation ${fmt(browser.raw.totalMs)} (${browser.raw.pointsDrawn} points)`);
  let pglite: PgliteFigures | null = null;
  if (process.env.BENCH_PGLITE !== '0') {
    pglite = await timePgliteChart();
    console.log(
      `  PGlite (embedded default), demo simulator running: the same week's chart  median ${fmt(pglite.medianMs)}, p95 ${fmt(pglite.p95Ms)}, ` +
        `server CPU ${fmt(pglite.cpuMedianMs)} per call  goal <= ${GOAL.weekPgliteMs} ms`,
    );
    console.log(`      member ${pglite.memberId}: ${pglite.readings} readings -> ${pglite.points} points; demo seeded with ${pglite.readingsSeeded} readings in ${pglite.seedSeconds.toFixed(0)} s`);
    const pq = pglite.quarter;
    console.log(
      `  PGlite, three months from the hourly rollups: median ${fmt(pq.medianMs)}, p95 ${fmt(pq.p95Ms)}, server CPU ${fmt(pq.cpuMedianMs)} per call ` +
        `(${pq.readings} readings -> ${pq.points} points)  goal <= ${GOAL.quarterMs} ms`,
    );
  }
  const verdicts = {
    weekPostgres: chart.medianMs <= GOAL.weekPostgresMs,
    weekPglite: pglite === null ? null : pglite.medianMs <= GOAL.weekPgliteMs,
    quarter: q.medianMs <= GOAL.quarterMs,
    quarterPglite: pglite === null ? null : pglite.quarter.medianMs <= GOAL.quarterMs,
    browser: p.totalMs < GOAL.browserMs,
  };
  const ok = Object.values(verdicts).every((v) => v !== false);
  console.log(ok ? 'Every goal met.' : `Missed: ${Object.entries(verdicts).filter(([, v]) => v === false).map(([k]) => k).join(', ')}.`);
  const resultsDir = fileURLToPath(new URL('../results/', import.meta.url));
  mkdirSync(resultsDir, { recursive: true });
  writeFileSync(
    `${resultsDir}charts.json`,
    JSON.stringify(
      {
        date: new Date().toISOString(),
        load: os.loadavg(),
        goals: GOAL,
        postgres: {
          week: { medianMs: chart.medianMs, p95Ms: chart.p95Ms, readings: chart.readings, points: chart.rows },
          quarter: { medianMs: q.medianMs, p95Ms: q.p95Ms, readings: q.readings, points: q.rows },
          unpagedList: { medianMs: list.medianMs, rows: list.rows },
          bareScanMs: bare.medianMs,
        },
        pglite,
        browser: { totalMs: p.totalMs, pointsDrawn: p.pointsDrawn },
        verdicts,
      },
      null,
      2,
    ),
  );
  process.exitCode = ok ? 0 : 1;
} finally {
  await seeded.drop();
}
