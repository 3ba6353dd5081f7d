/**
 * npm run bench:deep:retention: on the database `npm run bench:deep:generate` built (a year of
 * one-minute heart rate, 21 M readings), possibly made by a version before migration 0018:
 *
 * 1. migrates it (0018 converts `readings` in place into partitions: timed, and the row count and
 *    id sum checked equal before and after: the migration tested on a copy with a year of data);
 * 2. makes the partitions ahead and times one retention pass as it would run seven months from
 *    now (BENCH_RETENTION_AHEAD_MONTHS), when the oldest half of the year is past the default 13 months of raw vitals: months of
 *    heart rate detached and dropped, rollups kept (10 years). Goal: under 10 s.
 *
 * Run bench:deep before and after it to see the chart and list figures unchanged.
 */
import { sql } from 'drizzle-orm';
import { openDatabase } from '../../apps/server/src/db/client.ts';
import { makePartitions, monthStart } from '../../apps/server/src/db/partitions.ts';
import { retentionPass } from '../../apps/server/src/db/retention.ts';
import { deepUrls } from './generate.ts';

const GOAL_SECONDS = 10;
/** How far ahead the pass runs: 7 puts the oldest half of a year past 13 months; a small scale's shorter span needs more. */
const AHEAD_MONTHS = Number(process.env.BENCH_RETENTION_AHEAD_MONTHS ?? '7');
const { deep: url } = deepUrls();
const database = await openDatabase({ kind: 'postgres', url, poolSize: 2 });
const totals = async () => {
  const { rows } = await database.db.execute<{ n: string; ids: string }>(sql`select count(*) as n, coalesce(sum(id), 0) as ids from readings`);
  return { n: Number(rows[0].n), ids: rows[0].ids };
};
try {
  const before = await totals();
  const t0 = performance.now();
  await database.migrate();
  const migrateSeconds = (performance.now() - t0) / 1000;
  const after = await totals();
  const { rows: parted } = await database.db.execute<{ n: number }>(sql`select count(*)::int as n from pg_partitioned_table where partrelid = 'readings'::regclass`);
  console.log(
    `bench:deep:retention: migrate ${migrateSeconds.toFixed(1)} s; readings ${before.n.toLocaleString('en')} before, ${after.n.toLocaleString('en')} after ` +
      `(id sums ${before.ids === after.ids ? 'equal' : 'DIFFER'}); readings partitioned: ${parted[0].n === 1 ? 'yes' : 'NO'}`,
  );
  await makePartitions(database.db);
  const at = monthStart(new Date(), AHEAD_MONTHS);
  const t1 = performance.now();
  const run = await retentionPass(database.db, at);
  const passSeconds = (performance.now() - t1) / 1000;
  const left = await totals();
  console.log(
    `bench:deep:retention: pass as of ${at.toISOString().slice(0, 10)}: ${passSeconds.toFixed(2)} s (goal < ${GOAL_SECONDS} s: ${passSeconds < GOAL_SECONDS ? 'met' : 'NOT met'}); ` +
      `${run.dropped.length} monthly partitions dropped (${run.dropped[0] ?? '-'} … ${run.dropped.at(-1) ?? '-'}), ${run.rawDeleted} raw rows and ${run.rollupsDeleted} rollups deleted; ` +
      `${left.n.toLocaleString('en')} readings left`,
  );
} finally {
  await database.close();
}
