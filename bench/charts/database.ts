/**
 * Server side of the chart benchmark: a throwaway PostgreSQL database migrated with the server's
 * own migrations, one organisation with 40 members (one watch each) and a week of one-minute
 * heart rate for each, and the timing of the query the heart-rate chart runs.
 */
import pg from 'pg';
import { openDatabase } from '../../apps/server/src/db/client.ts';
import { seedIngestWorld } from '../../apps/server/src/ingest/fixtures.ts';
import { readingKindCode } from '../../apps/server/src/ingest/kinds.ts';
import { makeMonth, monthStart, readingKindTables } from '../../apps/server/src/db/partitions.ts';
import { advanceRollups } from '../../apps/server/src/ingest/rollups.ts';
import { DataSource } from '../../packages/contracts/src/enums/devices.ts';

export const WEEK_MINUTES = 7 * 24 * 60;
export const MEMBERS = 40;
/** The longest chart range: a reading page's three-month limit. */
export const QUARTER_DAYS = 92;
export const SOURCE = DataSource.watchB10_1m;
/**
 * The heart rate of minute `i` of a synthetic history, as SQL over a `generate_series` column `i`:
 * a resting rhythm with a slow swing and noise, and every 997th minute a brief spike a chart must
 * not hide.
 */
export const HEART_RATE_AT = `CASE WHEN i % 997 = 0 THEN 165 ELSE round(72 + 14 * sin(i / 229.0) + random() * 8) END`;

export interface Seeded {
  url: string;
  from: number;
  to: number;
  orgId: number;
  /** The member whose week the chart shows. */
  memberId: number;
  drop(): Promise<void>;
}

export async function createSeededDatabase(adminUrl: string): Promise<Seeded> {
  const name = `vigil_bench_charts_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name}`);
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;

  const database = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 1 });
  await database.migrate();
  // Real members, area and watches: the API's list joins members and scopes by organisation and area.
  const world = await seedIngestWorld(database.db, { members: MEMBERS, orgName: 'Chart bench' });
  const memberIds = world.members.map((m) => m.id);
  const memberId = memberIds[0];

  const to = Math.floor(Date.now() / 60_000) * 60;
  // The months of the three months below, as the daily partition job has made them on a running
  // database: the readings land in their month partitions, not in the default ones.
  for (let month = monthStart(new Date((to - QUARTER_DAYS * 86_400) * 1000)); month.getTime() <= to * 1000; month = monthStart(month, 1)) {
    for (const { table } of readingKindTables) await makeMonth(database.db, table, month);
  }
  await database.close();
  const from = to - (WEEK_MINUTES - 1) * 60;
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  // A resting rhythm with a daily swing, noise, and a few brief spikes a chart must not hide.
  // Stored minute by minute across all members, as ingestion stores them: one member's week is
  // spread over thousands of heap pages, not packed together.
  await client.query(
    `INSERT INTO readings (org_id, member_id, area_id, device_id, kind, source, occur_time, value)
     SELECT $6, m, $7, $8 + (m - $9), $1, $2, to_timestamp($3::bigint + i * 60),
            ${HEART_RATE_AT}
     FROM generate_series(0, $5::int - 1) AS i, unnest($4::int[]) AS m
     ORDER BY i, m`,
    [readingKindCode.heartRate, SOURCE, from, memberIds, WEEK_MINUTES, world.org.id, world.area.id, world.devices[0].id, memberId],
  );
  // The chart member's earlier history, back to the three months a reading page may show (SPEC §5).
  await client.query(
    `INSERT INTO readings (org_id, member_id, area_id, device_id, kind, source, occur_time, value)
     SELECT $5, $6, $7, $8, $1, $2, to_timestamp($3::bigint + i * 60),
            ${HEART_RATE_AT}
     FROM generate_series(0, ($4::bigint - $3::bigint) / 60 - 1) AS i`,
    [readingKindCode.heartRate, SOURCE, to - QUARTER_DAYS * 86_400, from, world.org.id, memberId, world.area.id, world.devices[0].id],
  );
  // Other kinds of the same member share the index prefix, as they do in production.
  await client.query(
    `INSERT INTO readings (org_id, member_id, area_id, device_id, kind, source, occur_time, value)
     SELECT $6, $1, $7, $8, $2, $3, to_timestamp($4::bigint + i * 300), 95 + (random() * 4)::int
     FROM generate_series(0, $5::int / 5 - 1) AS i`,
    [memberId, readingKindCode.bloodOxygen, DataSource.watchB10_5m, from, WEEK_MINUTES, world.org.id, world.area.id, world.devices[0].id],
  );
  // Autovacuum has long visited a week-old table (its insert threshold triggers it); without this
  // run the visibility map would be empty and every index-only scan would read the heap anyway.
  await client.end();
  // The server's rollup job adds these readings to the hourly rollups, as it does on a database
  // upgraded to them (without waiting for them to settle: nothing else writes here).
  const built = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 1 });
  await advanceRollups(built.db, 0);
  await built.close();
  const vacuum = new pg.Client({ connectionString: url.toString() });
  await vacuum.connect();
  await vacuum.query('VACUUM ANALYZE readings');
  await vacuum.query('VACUUM ANALYZE reading_rollups');
  await vacuum.end();

  return {
    url: url.toString(),
    from,
    to,
    orgId: world.org.id,
    memberId,
    drop: async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

/**
 * The bare range scan, for comparison with what the API runs: no join, no count, no scope.
 * It is the floor the real query (route.ts) can approach.
 */
export const chartListSql = `
  SELECT id, source AS type, extract(epoch FROM occur_time)::bigint AS occur_time, value
  FROM readings
  WHERE member_id = $1 AND kind = $2 AND source = ANY($3::smallint[])
    AND occur_time >= to_timestamp($4) AND occur_time <= to_timestamp($5)
  ORDER BY occur_time ASC`;

export function chartListParams(seeded: Seeded): unknown[] {
  return [seeded.memberId, readingKindCode.heartRate, [SOURCE], seeded.from, seeded.to];
}

export interface Timing {
  medianMs: number;
  p95Ms: number;
  rows: number;
}

export async function timeQuery(url: string, sql: string, params: unknown[], runs = 40): Promise<Timing & { sample: pg.QueryResult }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  // bigint and real arrive as strings by default; the server parses them the same way.
  const warm = 5;
  const times: number[] = [];
  let sample: pg.QueryResult | null = null;
  for (let i = 0; i < warm + runs; i++) {
    const t0 = performance.now();
    const result = await client.query(sql, params);
    const t1 = performance.now();
    if (i >= warm) times.push(t1 - t0);
    sample = result;
  }
  await client.end();
  times.sort((a, b) => a - b);
  return {
    medianMs: times[Math.floor(times.length / 2)],
    p95Ms: times[Math.min(times.length - 1, Math.floor(times.length * 0.95))],
    rows: sample?.rowCount ?? 0,
    sample: sample as pg.QueryResult,
  };
}
