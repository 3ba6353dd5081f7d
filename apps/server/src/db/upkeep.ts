import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Db } from './client.ts';

/** How often the embedded database is checked for tables due for upkeep: autovacuum's own naptime. */
export const UPKEEP_EVERY_MS = 60_000;

export type TableUpkeep = { table: string; vacuum: boolean; analyze: boolean };

/**
 * The tables autovacuum would now vacuum or analyse, by its own rules and settings: dead or newly
 * inserted rows past `threshold + scale factor × rows` call for a vacuum, changed rows past the
 * analyse threshold for fresh statistics. `reltuples` is -1 until a table is first analysed.
 * A session hands its counts to the statistics at most once a second, so they are flushed first:
 * a bulk load that just ended counts.
 */
export async function tablesDue(db: Db): Promise<TableUpkeep[]> {
  await db.execute(sql`select pg_stat_force_next_flush()`);
  const { rows } = await db.execute<{ table: string; vacuum: boolean; analyze: boolean }>(sql`
    select format('%I.%I', s.schemaname, s.relname) as "table",
      (s.n_dead_tup > current_setting('autovacuum_vacuum_threshold')::int
          + current_setting('autovacuum_vacuum_scale_factor')::float8 * greatest(c.reltuples, 0)
        or s.n_ins_since_vacuum > current_setting('autovacuum_vacuum_insert_threshold')::int
          + current_setting('autovacuum_vacuum_insert_scale_factor')::float8 * greatest(c.reltuples, 0)) as vacuum,
      s.n_mod_since_analyze > current_setting('autovacuum_analyze_threshold')::int
        + current_setting('autovacuum_analyze_scale_factor')::float8 * greatest(c.reltuples, 0) as analyze
    from pg_stat_user_tables s join pg_class c on c.oid = s.relid`);
  return rows.filter((r) => r.vacuum || r.analyze);
}

/**
 * Vacuums and analyses the tables that are due, one statement each, and answers what it did.
 * Vacuum marks pages all-visible, which is what lets a chart's index-only scan skip the table
 * (without it, a week's chart fetched all 10,080 rows from the heap); analyse gives the planner
 * row counts (without them it guesses one row for every range).
 */
export async function upkeepDue(db: Db): Promise<TableUpkeep[]> {
  const due = await tablesDue(db);
  for (const t of due) {
    const what = t.vacuum && t.analyze ? 'VACUUM (ANALYZE)' : t.vacuum ? 'VACUUM' : 'ANALYZE';
    await db.execute(sql.raw(`${what} ${t.table}`));
  }
  return due;
}

/**
 * The embedded database (PGlite) runs PostgreSQL in single-user mode, where no autovacuum daemon
 * runs: its tables were never vacuumed or analysed. This run does autovacuum's work on the same
 * rules; the jobs plugin runs it every UPKEEP_EVERY_MS (autovacuum's naptime), on PGlite only: a
 * PostgreSQL server has the daemon.
 */
export async function upkeep(db: Db, log: FastifyBaseLogger): Promise<void> {
  const done = await upkeepDue(db);
  if (done.length) log.debug({ tables: done.map((t) => t.table) }, 'embedded database upkeep');
}
