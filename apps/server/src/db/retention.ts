import { sql } from 'drizzle-orm';
import { retentionClasses } from '@vigil/contracts';
import type { Db } from './client.ts';
import { monthPartitions, monthStart, partitionMonth, readingKindTables } from './partitions.ts';

/** One organisation's periods (months), defaults applied, and how far its rows were already removed. */
export type OrgPeriods = {
  orgId: number;
  rawVitalsMonths: number;
  rollupMonths: number;
  rawVitalsPurgedBefore: Date | null;
  rollupPurgedBefore: Date | null;
};

/**
 * Where a period of `months` ends, as of `now`: rows before the start of the month `months` months
 * back are past it. Whole months, so a raw month's partition expires at once for everyone on the
 * same period.
 */
export function retentionCutoff(months: number, now = new Date()): Date {
  return monthStart(now, -months);
}

/** Every organisation with its periods (the class default where it set none). */
export async function orgPeriods(db: Db): Promise<OrgPeriods[]> {
  const { rows } = await db.execute<{ org_id: number; raw: number | null; rollup: number | null; raw_purged: string | null; rollup_purged: string | null }>(sql`
    select o.id as org_id, r.raw_vitals_months as raw, r.rollup_months as rollup,
      r.raw_vitals_purged_before as raw_purged, r.rollup_purged_before as rollup_purged
    from orgs o left join org_retention r on r.org_id = o.id order by o.id`);
  return rows.map((r) => ({
    orgId: r.org_id,
    rawVitalsMonths: r.raw ?? retentionClasses.raw_vitals_months.default,
    rollupMonths: r.rollup ?? retentionClasses.rollup_months.default,
    rawVitalsPurgedBefore: r.raw_purged === null ? null : new Date(r.raw_purged),
    rollupPurgedBefore: r.rollup_purged === null ? null : new Date(r.rollup_purged),
  }));
}

export type RetentionRun = { dropped: string[]; rawDeleted: number; rollupsDeleted: number };

const ident = (name: string) => sql.raw(`"${name.replace(/"/g, '""')}"`);

/**
 * The retention pass (docs/operations.md "Retention"). Raw vitals: a monthly partition holds every
 * organisation's readings of its kind, so it is detached and dropped once it is past the period of
 * every organisation (a DROP TABLE, no delete and vacuum of its rows). An organisation that keeps
 * less than the longest period has its own older rows deleted from the months still kept for the
 * others, from where the last pass stopped (`raw_vitals_purged_before`), so each month of its
 * rows is deleted once. Rollups (one table, a BRIN on the hour) are deleted per organisation the
 * same way. Records are never touched.
 */
export async function retentionPass(db: Db, now = new Date()): Promise<RetentionRun> {
  const run: RetentionRun = { dropped: [], rawDeleted: 0, rollupsDeleted: 0 };
  const periods = await orgPeriods(db);
  if (periods.length === 0) return run;
  const cutoffs = periods.map((p) => ({ ...p, raw: retentionCutoff(p.rawVitalsMonths, now), rollup: retentionCutoff(p.rollupMonths, now) }));
  const dropBefore = new Date(Math.min(...cutoffs.map((c) => c.raw.getTime())));

  for (const { table } of readingKindTables.filter((t) => t.rawVitals)) {
    for (const name of await monthPartitions(db, table)) {
      const month = partitionMonth(name);
      if (!month || monthStart(month, 1) > dropBefore) continue;
      const dropped = await db.transaction(async (tx) => {
        // The partition maker's lock: one instance's pass at a time, and one that came second finds the month gone.
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext('vigil.reading_partitions'))`);
        const { rows } = await tx.execute<{ found: boolean }>(sql`select to_regclass(${name}) is not null as found`);
        if (!rows[0].found) return false;
        await tx.execute(sql`alter table ${ident(table)} detach partition ${ident(name)}`);
        await tx.execute(sql`drop table ${ident(name)}`);
        return true;
      });
      if (dropped) run.dropped.push(name);
    }
  }

  const rawTables = readingKindTables.filter((t) => t.rawVitals).map((t) => t.table);
  for (const c of cutoffs) {
    const rawFrom = c.rawVitalsPurgedBefore ?? new Date(0);
    if (c.raw > dropBefore && rawFrom < c.raw) {
      for (const table of rawTables) {
        const { rows } = await db.execute<{ n: number }>(sql`
          with gone as (delete from ${ident(table)} where org_id = ${c.orgId}
            and occur_time >= ${rawFrom.toISOString()}::timestamptz and occur_time < ${c.raw.toISOString()}::timestamptz returning 1)
          select count(*)::int as n from gone`);
        run.rawDeleted += rows[0].n;
      }
    }
    const rollupFrom = c.rollupPurgedBefore ?? new Date(0);
    if (rollupFrom < c.rollup) {
      const { rows } = await db.execute<{ n: number }>(sql`
        with gone as (delete from reading_rollups where org_id = ${c.orgId}
          and bucket >= ${rollupFrom.toISOString()}::timestamptz and bucket < ${c.rollup.toISOString()}::timestamptz returning 1)
        select count(*)::int as n from gone`);
      run.rollupsDeleted += rows[0].n;
    }
    const rawDone = c.raw > dropBefore ? c.raw : dropBefore;
    await db.execute(sql`
      insert into org_retention (org_id, raw_vitals_purged_before, rollup_purged_before)
      values (${c.orgId}, ${rawDone.toISOString()}::timestamptz, ${c.rollup.toISOString()}::timestamptz)
      on conflict (org_id) do update set raw_vitals_purged_before = excluded.raw_vitals_purged_before,
        rollup_purged_before = excluded.rollup_purged_before`);
  }
  return run;
}
