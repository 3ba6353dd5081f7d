/**
 * The heart-rate chart on the embedded default (PGlite) while the demo simulator runs, as a first
 * user meets it: the demo world and its week of history stored through the real ingestion
 * service (a one-minute watch gives a member 10,080 heart-rate readings), then the live simulator
 * started, then the week's chart of that member asked through the real route. Reports the wall
 * time (median, p95) and the server's CPU time per call: PGlite runs inside the server's process,
 * so on a loaded machine the CPU time is the steadier of the two.
 *
 * After the week is timed, the same member gets the rest of three months of one-minute heart rate
 * (SPEC's longest chart range) and the rollup job runs again, so the three-month chart, which reads
 * the hourly rollups, is timed on the embedded default too. The week is timed first, on the demo's
 * own readings, as a first user meets it.
 */
import { eq, sql } from 'drizzle-orm';
import { Role } from '../../packages/contracts/src/index.ts';
import { HEART_RATE_CHART_GAP_MS } from '../../packages/contracts/src/rules/chart.ts';
import { buildApp } from '../../apps/server/src/app.ts';
import { createSession } from '../../apps/server/src/auth/sessions.ts';
import { testConfig } from '../../apps/server/src/config.ts';
import { ensureRoles } from '../../apps/server/src/db/bootstrap.ts';
import { openDatabase } from '../../apps/server/src/db/client.ts';
import { members, staff as staffTable } from '../../apps/server/src/db/schema/index.ts';
import { seedDemo } from '../../apps/server/src/demo/seed.ts';
import { seedDemoWeek } from '../../apps/server/src/demo/week.ts';
import { upkeepDue } from '../../apps/server/src/db/upkeep.ts';
import { startSimulator } from '../../apps/server/src/demo/simulator/index.ts';
import { readingKindCode } from '../../apps/server/src/ingest/kinds.ts';
import { advanceRollups } from '../../apps/server/src/ingest/rollups.ts';
import { HEART_RATE_AT, QUARTER_DAYS } from './database.ts';

/** One chart range's figures through the route. */
export interface PgliteChartFigures {
  readings: number;
  points: number;
  medianMs: number;
  p95Ms: number;
  cpuMedianMs: number;
}

export interface PgliteFigures extends PgliteChartFigures {
  seedSeconds: number;
  readingsSeeded: number;
  memberId: number;
  simulatorOn: boolean;
  quarter: PgliteChartFigures;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))];

export async function timePgliteChart(runs = 60, simulatorOn = true): Promise<PgliteFigures> {
  const t0 = performance.now();
  const database = await openDatabase({ kind: 'pglite' });
  try {
    await database.migrate();
    await ensureRoles(database.db);
    await seedDemo(database.db);
    // The demo server's own first start: the week of readings, its rollups and the tables' upkeep.
    const seeded = await seedDemoWeek(database.db, new Date());
    const seedSeconds = (performance.now() - t0) / 1000;
    // The member of a one-minute watch: the most heart-rate readings of one source.
    const [top] = (
      await database.db.execute(
        sql`SELECT member_id, source FROM readings WHERE kind = ${readingKindCode.heartRate} GROUP BY 1, 2 ORDER BY count(*) DESC LIMIT 1`,
      )
    ).rows as { member_id: number; source: number }[];
    const memberId = Number(top.member_id);
    const [member] = await database.db
      .select({ orgId: members.orgId })
      .from(members)
      .where(eq(members.id, memberId));
    const config = testConfig({ webDist: '/nonexistent', demo: true, simulator: simulatorOn });
    const [admin] = await database.db
      .insert(staffTable)
      .values({
        orgId: member.orgId,
        role: Role.orgAdmin,
        account: `cp${Date.now() % 1e9}`,
        passwordHash: 'x',
        name: 'Chart bench',
      })
      .returning({ id: staffTable.id });
    const token = await createSession(database.db, config, admin.id, {});
    const app = await buildApp({ config, database });
    await app.ready();
    const simulator = startSimulator(app);
    const timeChart = async (days: number): Promise<PgliteChartFigures> => {
      const end = Math.floor(Date.now() / 1000);
      const query = new URLSearchParams({
        user_id: String(memberId),
        types: String(top.source),
        start_date: String(end - days * 86_400),
        end_date: String(end),
        gap_seconds: String(HEART_RATE_CHART_GAP_MS / 1000),
      });
      const url = `/api/physiologic/heart/rate/chart?${query}`;
      const wall: number[] = [];
      const cpu: number[] = [];
      let body = '';
      const warm = 5;
      for (let i = 0; i < warm + runs; i++) {
        const c0 = process.cpuUsage();
        const w0 = performance.now();
        const res = await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
        const w1 = performance.now();
        const c1 = process.cpuUsage(c0);
        if (res.statusCode !== 200)
          throw new Error(`GET ${url} answered ${res.statusCode}: ${res.body.slice(0, 300)}`);
        if (i >= warm) {
          wall.push(w1 - w0);
          cpu.push((c1.user + c1.system) / 1000);
        }
        body = res.body;
        // Spread the calls over several simulator ticks (every 5 s), as a user's clicks would be.
        await new Promise((resolve) => setTimeout(resolve, 150));
      }
      wall.sort((a, b) => a - b);
      cpu.sort((a, b) => a - b);
      const data = (JSON.parse(body) as { data: { list: unknown[]; total: number } }).data;
      return {
        readings: data.total,
        points: data.list.length,
        medianMs: percentile(wall, 0.5),
        p95Ms: percentile(wall, 0.95),
        cpuMedianMs: percentile(cpu, 0.5),
      };
    };
    try {
      // The week as a first user meets it, on the demo's own readings; then the longer history.
      const week = await timeChart(7);
      // The rest of three months before the demo's week, minute by minute, from the same watch.
      await database.db.execute(sql`
        INSERT INTO readings (org_id, member_id, area_id, device_id, kind, source, occur_time, value)
        SELECT f.org_id, f.member_id, f.area_id, f.device_id, f.kind, f.source, f.occur_time - make_interval(mins => i),
               ${sql.raw(HEART_RATE_AT)}
        FROM (SELECT * FROM readings WHERE member_id = ${memberId} AND kind = ${readingKindCode.heartRate} AND source = ${top.source}
              ORDER BY occur_time LIMIT 1) f,
             generate_series(1, ${QUARTER_DAYS * 1440} - (SELECT count(*) FROM readings WHERE member_id = ${memberId}
               AND kind = ${readingKindCode.heartRate} AND source = ${top.source})::int) AS i`);
      // The server's rollup and upkeep jobs, run now rather than a minute later.
      await advanceRollups(database.db, 0);
      await upkeepDue(database.db);
      const quarter = await timeChart(QUARTER_DAYS);
      return { ...week, seedSeconds, readingsSeeded: seeded.readings, memberId, simulatorOn, quarter };
    } finally {
      simulator.stop();
      await app.close();
    }
  } finally {
    await database.close();
  }
}
