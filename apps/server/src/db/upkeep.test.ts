import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { seedIngestWorld } from '../ingest/fixtures.ts';
import { readingKindCode } from '../ingest/kinds.ts';
import { openDatabase, type Database } from './client.ts';
import { tablesDue, upkeepDue } from './upkeep.ts';

const MEMBERS = 20;
const MINUTES = 100;

// The upkeep stands in for the autovacuum daemon that only the embedded database lacks.
describe.skipIf(process.env.VIGIL_TEST_DB === 'postgres')('embedded database upkeep', () => {
  let database: Database;
  let memberId: number;
  /** The monthly partition of readings that holds the rows (upkeep works on leaf tables). */
  let leaf: { name: string; rows: number };
  beforeAll(async () => {
    database = await openDatabase({ kind: 'pglite' });
    await database.migrate();
    const world = await seedIngestWorld(database.db, { members: MEMBERS });
    memberId = world.members[0].id;
    // Stored minute by minute across all members, as ingestion stores them.
    await database.db.execute(sql`
      INSERT INTO readings (org_id, member_id, area_id, device_id, kind, source, occur_time, value)
      SELECT ${world.org.id}, w.m, ${world.area.id}, w.d, ${readingKindCode.heartRate}, 9, now() - make_interval(mins => i), 70 + i % 20
      FROM generate_series(1, ${MINUTES}) AS i,
           unnest(${sql.raw(`ARRAY[${world.members.map((m) => m.id).join(',')}], ARRAY[${world.devices.map((d) => d.id).join(',')}]`)}) AS w(m, d)`);
    const { rows } = await database.db.execute<{ name: string; rows: number }>(
      sql`SELECT tableoid::regclass::text AS name, count(*)::int AS rows FROM readings GROUP BY 1 ORDER BY 2 DESC LIMIT 1`,
    );
    leaf = rows[0];
  });
  afterAll(async () => {
    await database?.close();
  });

  const chartScan = async () => {
    const { rows } = await database.db.execute<{ 'QUERY PLAN': string }>(sql`
      EXPLAIN (ANALYZE, COSTS OFF) SELECT count(*) FROM readings
      WHERE member_id = ${memberId} AND kind = ${readingKindCode.heartRate} AND occur_time >= now() - interval '7 days'`);
    return rows.map((r) => r['QUERY PLAN']).join('\n');
  };

  it('finds a table autovacuum would vacuum and analyse after a bulk insert', async () => {
    expect(await tablesDue(database.db)).toContainEqual({ table: `public.${leaf.name}`, vacuum: true, analyze: true });
  });

  it('vacuums and analyses what is due, after which a chart scan reads only the index and nothing is due', async () => {
    expect(await chartScan()).toMatch(/Heap Fetches: [1-9]/);
    const done = await upkeepDue(database.db);
    expect(done.map((t) => t.table)).toContain(`public.${leaf.name}`);
    const { rows } = await database.db.execute<{ vacuumed: boolean; analysed: boolean; estimate: number }>(sql`
      SELECT last_vacuum IS NOT NULL AS vacuumed, last_analyze IS NOT NULL AS analysed,
             (SELECT reltuples FROM pg_class WHERE oid = ${leaf.name}::regclass) AS estimate
      FROM pg_stat_user_tables WHERE relname = ${leaf.name}`);
    expect(rows[0]).toEqual({ vacuumed: true, analysed: true, estimate: leaf.rows });
    expect(await chartScan()).toMatch(/Index Only Scan[\s\S]*Heap Fetches: 0/);
    expect((await tablesDue(database.db)).map((t) => t.table)).not.toContain(`public.${leaf.name}`);
  });
});
