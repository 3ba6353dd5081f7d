/**
 * npm run bench:deep:generate: builds the deep-list database of issue 18 item 4 in its own
 * PostgreSQL database (`vigil_bench_deep`, dropped and created again), migrated with the server's
 * own migrations: one organisation with 40 members (a watch each), a year of one-minute heart rate
 * for each (about 21,000,000 readings), 1,000,000 abnormal events with a handling each, and the
 * change logs (500,000 record changes, 100,000 member and 100,000 staff changes). Everything is
 * generated in the database by set-based statements (generate_series), a week of readings per
 * statement so progress shows; then the server's own rollup job builds the hourly rollups and the
 * tables are vacuumed and analysed, as autovacuum would have left them on a year-old database.
 *
 * BENCH_DEEP_SCALE (default 1) scales every row count and the span of readings: 0.02 builds about
 * a week of readings and 20,000 abnormal events in well under a minute, for a quick run.
 * TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres) names the server whose
 * maintenance database creates and drops the bench database; nothing else in it is touched.
 */
import pg from 'pg';
import { AbnormalCategory } from '../../packages/contracts/src/enums/abnormal.ts';
import { DataSource } from '../../packages/contracts/src/enums/devices.ts';
import { ensureRoles } from '../../apps/server/src/db/bootstrap.ts';
import { openDatabase } from '../../apps/server/src/db/client.ts';
import { seedIngestWorld } from '../../apps/server/src/ingest/fixtures.ts';
import { readingKindCode } from '../../apps/server/src/ingest/kinds.ts';
import { advanceRollups } from '../../apps/server/src/ingest/rollups.ts';
import { makeMonth, monthStart } from '../../apps/server/src/db/partitions.ts';
import { staff } from '../../apps/server/src/db/schema/index.ts';
import { Role } from '../../packages/contracts/src/index.ts';

/** BENCH_DEEP_DATABASE names another database, so two runs on one server do not drop each other's. */
export const DEEP_DATABASE = process.env.BENCH_DEEP_DATABASE ?? 'vigil_bench_deep';
export const MEMBERS = 40;
export const ORG_NAME = 'Deep bench';

export function deepScale(): number {
  const scale = Number(process.env.BENCH_DEEP_SCALE ?? '1');
  if (!(scale > 0 && scale <= 1)) throw new Error(`BENCH_DEEP_SCALE must be in (0, 1], got ${process.env.BENCH_DEEP_SCALE}`);
  return scale;
}

export function deepUrls(): { admin: string; deep: string } {
  const admin = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const url = new URL(admin);
  url.pathname = `/${DEEP_DATABASE}`;
  return { admin, deep: url.toString() };
}

/** The counts a scale builds (scale 1 is the database). */
export function deepSizes(scale: number) {
  return {
    days: Math.max(1, Math.round(365 * scale)),
    abnormal: Math.round(1_000_000 * scale),
    recordChanges: Math.round(500_000 * scale),
    memberChanges: Math.round(100_000 * scale),
    staffChanges: Math.round(100_000 * scale),
  };
}

const DAY = 86_400;
const WEEK_MINUTES = 7 * 24 * 60;

async function main() {
  const scale = deepScale();
  const sizes = deepSizes(scale);
  const { admin: adminUrl, deep: url } = deepUrls();
  const t0 = performance.now();
  const step = (label: string) => console.log(`  ${((performance.now() - t0) / 1000).toFixed(1).padStart(7)} s  ${label}`);
  console.log(`bench:deep:generate scale ${scale}: ${sizes.days} days × ${MEMBERS} members of one-minute heart rate, ${sizes.abnormal} abnormal events`);

  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${DEEP_DATABASE} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${DEEP_DATABASE}`);
  await admin.end();

  const database = await openDatabase({ kind: 'postgres', url, poolSize: 1 });
  await database.migrate();
  await ensureRoles(database.db);
  const world = await seedIngestWorld(database.db, { members: MEMBERS, orgName: ORG_NAME, boundAt: new Date((Date.now() / 1000 - (sizes.days + 1) * DAY) * 1000) });
  // Staff whose change log the staff list shows (and operators of every log).
  const staffRows = await database.db
    .insert(staff)
    .values(Array.from({ length: 20 }, (_, i) => ({ orgId: world.org.id, areaId: world.area.id, role: Role.orgAdmin, account: `deep${i}`, passwordHash: 'x', name: `Deep staff ${i + 1}` })))
    .returning({ id: staff.id });
  await database.close();
  step('database migrated, organisation, 40 members and watches, 20 staff');

  const client = new pg.Client({ connectionString: url });
  await client.connect();
  // The bulk load needs no crash safety per statement: the database is rebuilt if it fails.
  await client.query('SET synchronous_commit = off');
  const memberIds = world.members.map((m) => m.id);
  const deviceIds = world.devices.map((d) => d.id);
  const to = Math.floor(Date.now() / 60_000) * 60 - 60;
  const from = to - sizes.days * DAY + 60;
  const minutes = (to - from) / 60 + 1;

  // A year-old database has had its daily partition job make each month before the month began
  // (db/partitions.ts): the heart-rate months of the span are made here the same way, so the year's
  // readings land in their month partitions, not in the default one.
  const months = await openDatabase({ kind: 'postgres', url, poolSize: 1 });
  for (let month = monthStart(new Date(from * 1000)); month.getTime() <= to * 1000; month = monthStart(month, 1)) {
    await makeMonth(months.db, 'readings_heart_rate', month);
  }
  await months.close();

  // Readings, a week at a time, minute by minute across all members as ingestion stores them: a
  // resting rhythm with a daily swing, noise, and a brief spike now and then a chart must keep.
  for (let start = 0; start < minutes; start += WEEK_MINUTES) {
    const n = Math.min(WEEK_MINUTES, minutes - start);
    await client.query(
      `INSERT INTO readings (org_id, member_id, area_id, device_id, kind, source, occur_time, value, created_at, updated_at)
       SELECT $1, u.m, $2, u.d, $3, $4, to_timestamp($5::bigint + i * 60),
              CASE WHEN (i + u.m) % 997 = 0 THEN 165 ELSE round(72 + 14 * sin(i / 229.0) + random() * 8) END,
              to_timestamp($5::bigint + i * 60), to_timestamp($5::bigint + i * 60)
       FROM generate_series($6::int, $7::int) AS i, unnest($8::int[], $9::int[]) AS u(m, d)
       ORDER BY i, u.m`,
      [world.org.id, world.area.id, readingKindCode.heartRate, DataSource.watchB10_1m, from, start, start + n - 1, memberIds, deviceIds],
    );
    if ((start / WEEK_MINUTES) % 4 === 3 || start + n >= minutes) step(`readings: ${((start + n) * MEMBERS).toLocaleString('en')} of ${(minutes * MEMBERS).toLocaleString('en')}`);
  }

  // Abnormal events spread over the same span, heart rate high and low of every member, all but
  // the last few hundred closed (handled, or recovered) as a year-old list is; the open ones keep
  // the one-open-event-per-member-and-type rule (a partial unique index) by being one per pair.
  await client.query(
    `INSERT INTO abnormal_events (org_id, area_id, member_id, device_id, type, category, occur_time, detail, is_handle, recovered_at, last_occur_time, created_at, updated_at)
     SELECT $1, $2, ($3::int[])[1 + i % $4], ($5::int[])[1 + i % $4], i % 2, $6, t, jsonb_build_object('value', CASE WHEN i % 2 = 0 THEN 42 ELSE 131 END, 'standard', CASE WHEN i % 2 = 0 THEN 50 ELSE 100 END),
            i < $7 - $4 AND i % 5 <> 0, CASE WHEN i < $7 - $4 AND i % 5 = 0 THEN t + interval '3 minutes' END, t, t, t
     FROM generate_series(0, $7::int - 1) AS i, LATERAL (SELECT to_timestamp($8::bigint + (i::bigint * ($9::bigint - $8::bigint)) / $7) AS t) AS at`,
    [world.org.id, world.area.id, memberIds, MEMBERS, deviceIds, AbnormalCategory.physiological, sizes.abnormal, from, to],
  );
  step(`abnormal events: ${sizes.abnormal.toLocaleString('en')}`);
  await client.query(
    `INSERT INTO abnormal_handles (abnormal_id, member_id, content, staff_id, staff_name, handle_time)
     SELECT e.id, e.member_id, 'Checked on the member', ($1::int[])[1 + e.id % 20], 'Deep staff', e.occur_time + interval '4 minutes'
     FROM abnormal_events e WHERE e.is_handle`,
    [staffRows.map((s) => s.id)],
  );
  step('a handling for each handled event');

  // The change logs over the same span.
  await client.query(
    `INSERT INTO record_changes (org_id, area_id, resource, record_id, member_id, action, before, after, staff_id, created_at)
     SELECT $1, $2, (ARRAY['/care/health', '/care/diet', '/care/symptom', '/medicine'])[1 + i % 4], i / 3 + 1, ($3::int[])[1 + i % $4],
            (ARRAY['create', 'update', 'update'])[1 + i % 3], CASE WHEN i % 3 <> 0 THEN jsonb_build_object('remark', 'before ' || i) END,
            jsonb_build_object('remark', 'after ' || i), ($5::int[])[1 + i % 20], to_timestamp($6::bigint + (i::bigint * ($7::bigint - $6::bigint)) / $8)
     FROM generate_series(0, $8::int - 1) AS i`,
    [world.org.id, world.area.id, memberIds, MEMBERS, staffRows.map((s) => s.id), from, to, sizes.recordChanges],
  );
  await client.query(
    `INSERT INTO member_change_logs (org_id, member_id, status, before, after, operator_id, created_at)
     SELECT $1, ($2::int[])[1 + i % $3], i % 4, jsonb_build_object('status', i % 3), jsonb_build_object('status', (i + 1) % 3), ($4::int[])[1 + i % 20],
            to_timestamp($5::bigint + (i::bigint * ($6::bigint - $5::bigint)) / $7)
     FROM generate_series(0, $7::int - 1) AS i`,
    [world.org.id, memberIds, MEMBERS, staffRows.map((s) => s.id), from, to, sizes.memberChanges],
  );
  await client.query(
    `INSERT INTO staff_change_logs (org_id, staff_id, kind, before, after, operator_id, created_at)
     SELECT $1, ($2::int[])[1 + i % 20], i % 3, jsonb_build_object('enable', i % 2), jsonb_build_object('enable', (i + 1) % 2), ($2::int[])[1 + (i + 1) % 20],
            to_timestamp($3::bigint + (i::bigint * ($4::bigint - $3::bigint)) / $5)
     FROM generate_series(0, $5::int - 1) AS i`,
    [world.org.id, staffRows.map((s) => s.id), from, to, sizes.staffChanges],
  );
  step(`change logs: ${sizes.recordChanges.toLocaleString('en')} record, ${sizes.memberChanges.toLocaleString('en')} member, ${sizes.staffChanges.toLocaleString('en')} staff`);
  await client.end();

  // The server's rollup job adds the readings to the hourly rollups, as on a database upgraded to them.
  const built = await openDatabase({ kind: 'postgres', url, poolSize: 1 });
  const rolled = await advanceRollups(built.db, 0);
  await built.close();
  step(`hourly rollups of ${rolled.toLocaleString('en')} readings`);

  const vacuum = new pg.Client({ connectionString: url });
  await vacuum.connect();
  await vacuum.query('VACUUM ANALYZE');
  const [{ size }] = (await vacuum.query(`SELECT pg_size_pretty(pg_database_size(current_database())) AS size`)).rows as { size: string }[];
  await vacuum.end();
  step(`vacuumed and analysed; database ${size}`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
