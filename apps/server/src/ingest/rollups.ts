import { type SQL, and, eq, gte, lt, lte, sql } from 'drizzle-orm';
import { type PhysiologicalKind, physiologicalKindMeta } from '@vigil/contracts';
import type { Db } from '../db/client.ts';
import { readingRollupProgress, readingRollups, readings } from '../db/schema/index.ts';
import { readingKindCode } from './kinds.ts';
import { pgArray } from '../db/pg-array.ts';

/** The rollups' bucket: one hour. */
export const ROLLUP_SECONDS = 3600;

/** Kinds whose charts can read rollups (one value per reading); the others are never rolled up. */
export const rolledUpKinds: number[] = (Object.keys(physiologicalKindMeta) as PhysiologicalKind[])
  .filter((k) => physiologicalKindMeta[k].chart)
  .map((k) => readingKindCode[k]);

/**
 * Adds the readings of `source` (any relation with member_id, kind, source, org_id, area_id,
 * occur_time and value) to their hourly rollups. Rows are grouped and upserted in key order, so
 * two batches adding to the same hours lock them in the same order and never deadlock. SPEC §9:
 * zero is missing, so `count`, `sum`, min and max skip it; `n` counts every reading. Hours are
 * UTC hours whatever the session's time zone.
 */
export function rollupUpsert(source: SQL): SQL {
  return sql`
    insert into reading_rollups as r (member_id, kind, source, org_id, area_id, bucket, n, count, sum, min, min_time, max, max_time)
    select member_id, kind, source, org_id, area_id, date_trunc('hour', occur_time, 'UTC'),
      count(*)::int,
      (count(*) filter (where value <> 0))::int,
      coalesce(sum(value) filter (where value <> 0), 0),
      min(value) filter (where value <> 0),
      (array_agg(occur_time order by value, occur_time) filter (where value <> 0))[1],
      max(value) filter (where value <> 0),
      (array_agg(occur_time order by value desc, occur_time) filter (where value <> 0))[1]
    from ${source} as src
    where member_id is not null and kind = any(${pgArray(rolledUpKinds)}::smallint[])
    group by 1, 2, 3, 4, 5, 6
    order by 1, 2, 6, 3, 4, 5
    on conflict on constraint reading_rollups_key do update set
      n = r.n + excluded.n,
      count = r.count + excluded.count,
      sum = r.sum + excluded.sum,
      min = least(r.min, excluded.min),
      min_time = case
        when r.min is null or excluded.min < r.min then excluded.min_time
        when excluded.min = r.min then least(r.min_time, excluded.min_time)
        else r.min_time end,
      max = greatest(r.max, excluded.max),
      max_time = case
        when r.max is null or excluded.max > r.max then excluded.max_time
        when excluded.max = r.max then least(r.max_time, excluded.max_time)
        else r.max_time end`;
}

/**
 * Readings stored this long ago are settled: an ingest statement that took a smaller id has
 * committed by then (they take milliseconds), so the watermark never passes a reading not yet
 * visible. It is also how far behind the newest readings the rollups run; a long chart reads the
 * partial hours at its edges from the readings, so only a just-finished hour can lag, by this much.
 */
export const ROLLUP_SETTLE_SECONDS = 60;
/** Readings added per statement, so the first run on a large database does not hold one huge transaction. */
const ROLLUP_CHUNK = 200_000;

/**
 * Adds the settled readings after the watermark to the rollups and moves the watermark, in one
 * transaction that locks the progress row: idempotent, and two instances never add the same
 * readings twice. Returns how many readings it added.
 */
export async function advanceRollups(db: Db, settleSeconds = ROLLUP_SETTLE_SECONDS): Promise<number> {
  let added = 0;
  for (;;) {
    const step = await db.transaction(async (tx) => {
      await tx.insert(readingRollupProgress).values({ id: 1, lastReadingId: 0 }).onConflictDoNothing();
      const [progress] = await tx.select().from(readingRollupProgress).where(eq(readingRollupProgress.id, 1)).for('update');
      const from = progress.lastReadingId;
      const [range] = (
        await tx.execute<{ upto: string | null; n: string }>(sql`
          select max(id) as upto, count(*) as n from (
            select id from ${readings}
            where id > ${from} and created_at < now() - make_interval(secs => ${settleSeconds})
            order by id limit ${ROLLUP_CHUNK}) settled`)
      ).rows;
      if (range.upto === null) return 0;
      const upto = Number(range.upto);
      await tx.execute(
        rollupUpsert(sql`(select member_id, kind, source, org_id, area_id, occur_time, value from ${readings} where id > ${from} and id <= ${upto})`),
      );
      await tx.update(readingRollupProgress).set({ lastReadingId: upto }).where(eq(readingRollupProgress.id, 1));
      return Number(range.n);
    });
    added += step;
    if (step < ROLLUP_CHUNK) return added;
  }
}

/**
 * Recomputes one member's hour of one kind from its readings (after a reading is deleted), from
 * the readings the job has already added only: those after the watermark it adds itself later.
 */
export async function refreshRollupHour(db: Db, memberId: number, kind: number, occurTime: Date): Promise<void> {
  const from = new Date(Math.floor(occurTime.getTime() / (ROLLUP_SECONDS * 1000)) * ROLLUP_SECONDS * 1000);
  const to = new Date(from.getTime() + ROLLUP_SECONDS * 1000);
  await db.transaction(async (tx) => {
    await tx.insert(readingRollupProgress).values({ id: 1, lastReadingId: 0 }).onConflictDoNothing();
    const [progress] = await tx.select().from(readingRollupProgress).where(eq(readingRollupProgress.id, 1)).for('update');
    await tx
      .delete(readingRollups)
      .where(and(eq(readingRollups.memberId, memberId), eq(readingRollups.kind, kind), eq(readingRollups.bucket, from)));
    await tx.execute(
      rollupUpsert(sql`(select member_id, kind, source, org_id, area_id, occur_time, value from ${readings}
        where ${and(eq(readings.memberId, memberId), eq(readings.kind, kind), gte(readings.occurTime, from), lt(readings.occurTime, to), lte(readings.id, progress.lastReadingId))})`),
    );
  });
}

/** The jobs plugin advances the rollups this often, and once at start (a database whose readings predate them catches up). */
export const ROLLUP_EVERY_MS = 5_000;
