import { sql } from 'drizzle-orm';
import type { Db, Tx } from './client.ts';

/**
 * The partitions of `readings` below the list level (docs/data-model.md#readings): each hot vital
 * kind has its own table, the other kinds share `readings_other`; each of these is partitioned by
 * month of occur_time, with a default partition for a month not made yet. Migration
 * 0018_readings_partitioned creates this layout; this module makes the months and moves strays.
 * `rawVitals` marks the tables the retention job drops months of: the rest are records or device
 * events, never removed automatically.
 */
export const readingKindTables = [
  { table: 'readings_heart_rate', rawVitals: true },
  { table: 'readings_blood_oxygen', rawVitals: true },
  { table: 'readings_body_temperature', rawVitals: true },
  { table: 'readings_other', rawVitals: false },
] as const;

/** Months made ahead of the current one, so ingest never waits on DDL at a month's turn. */
export const MONTHS_AHEAD = 2;
/** How often the partition job runs: daily, as docs/operations.md plans. */
export const PARTITION_JOB_EVERY_MS = 24 * 3600_000;

/** Start of the UTC month of `at`, moved by `add` months. */
export function monthStart(at: Date, add = 0): Date {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + add, 1));
}

/** `readings_heart_rate_y2026m03`: sorts by month, and parses back (`partitionMonth`). */
export function partitionName(table: string, month: Date): string {
  return `${table}_y${month.getUTCFullYear()}m${String(month.getUTCMonth() + 1).padStart(2, '0')}`;
}

const MONTH_SUFFIX = /_y(\d{4})m(\d{2})$/;

/** The month a partition made by `partitionName` holds, or null for a default partition. */
export function partitionMonth(name: string): Date | null {
  const m = MONTH_SUFFIX.exec(name);
  return m ? new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, 1)) : null;
}

const ident = (name: string) => sql.raw(`"${name.replace(/"/g, '""')}"`);

/**
 * What the partition statements run on: the app's database or a transaction of it, or any other
 * drizzle connection to a Vigil database (db:move reads the embedded source's months and makes them
 * on its PostgreSQL target inside the move's transaction).
 */
type Sql = Pick<Db | Tx, 'execute'>;

/** The monthly partitions of one kind table, by name. */
export async function monthPartitions(db: Sql, table: string): Promise<string[]> {
  const { rows } = await db.execute<{ name: string }>(sql`
    select c.relname as name from pg_inherits i
    join pg_class c on c.oid = i.inhrelid
    where i.inhparent = to_regclass(${table}) order by c.relname`);
  return rows.map((r) => r.name).filter((n) => partitionMonth(n) !== null);
}

/** The partition statement itself: the month's table, attached to its kind table. */
async function createMonth(db: Sql, table: string, month: Date): Promise<void> {
  const from = month.toISOString();
  const to = monthStart(month, 1).toISOString();
  const bounds = sql`for values from (${sql.raw(`'${from}'`)}) to (${sql.raw(`'${to}'`)})`;
  await db.execute(sql`create table ${ident(partitionName(table, month))} partition of ${ident(table)} ${bounds}`);
}

/**
 * Makes one month's partition of a kind table. Readings of that month already in the default
 * partition (a late or early reading) move into it: PostgreSQL refuses a new partition whose rows
 * sit in the default, so the default is detached, the month made, its rows moved and the default
 * attached again, all in one transaction (readers and ingest wait for it; the default is small).
 * Answers the rows moved, or null when the month existed.
 */
export async function makeMonth(db: Db, table: string, month: Date): Promise<number | null> {
  const name = partitionName(table, month);
  const from = month.toISOString();
  const to = monthStart(month, 1).toISOString();
  const fallback = `${table}_default`;
  return db.transaction(async (tx) => {
    // One maker at a time across instances: the lock is held to the end of the transaction.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('vigil.reading_partitions'))`);
    const { rows: exists } = await tx.execute<{ found: boolean }>(sql`select to_regclass(${name}) is not null as found`);
    if (exists[0].found) return null;
    const { rows: strays } = await tx.execute<{ n: number }>(
      sql`select count(*)::int as n from ${ident(fallback)} where occur_time >= ${from}::timestamptz and occur_time < ${to}::timestamptz`,
    );
    const moved = strays[0].n;
    if (moved === 0) {
      await createMonth(tx, table, month);
      return 0;
    }
    await tx.execute(sql`alter table ${ident(table)} detach partition ${ident(fallback)}`);
    await createMonth(tx, table, month);
    await tx.execute(sql`insert into ${ident(table)} overriding system value
      select * from ${ident(fallback)} where occur_time >= ${from}::timestamptz and occur_time < ${to}::timestamptz`);
    await tx.execute(sql`delete from ${ident(fallback)} where occur_time >= ${from}::timestamptz and occur_time < ${to}::timestamptz`);
    await tx.execute(sql`alter table ${ident(table)} attach partition ${ident(fallback)} default`);
    return moved;
  });
}

/** The months of the readings waiting in a kind table's default partition. */
async function strayMonths(db: Sql, table: string): Promise<Date[]> {
  const { rows } = await db.execute<{ month: string }>(
    sql`select distinct date_trunc('month', occur_time, 'UTC') as month from ${ident(`${table}_default`)}`,
  );
  return rows.map((r) => monthStart(new Date(r.month)));
}

export type PartitionRun = { made: string[]; moved: number };

/**
 * The daily partition job: this month and MONTHS_AHEAD more for every kind table, and a month for
 * every month that has readings in a default partition (a reading for a month with no partition is
 * stored there, and moves out here), so the defaults stay empty and `readings` keeps its months.
 */
export async function makePartitions(db: Db, now = new Date()): Promise<PartitionRun> {
  const run: PartitionRun = { made: [], moved: 0 };
  for (const { table } of readingKindTables) {
    const months = new Map<number, Date>();
    for (let add = 0; add <= MONTHS_AHEAD; add++) months.set(monthStart(now, add).getTime(), monthStart(now, add));
    for (const month of await strayMonths(db, table)) months.set(month.getTime(), month);
    for (const month of [...months.values()].sort((a, b) => a.getTime() - b.getTime())) {
      const moved = await makeMonth(db, table, month);
      if (moved === null) continue;
      run.made.push(partitionName(table, month));
      run.moved += moved;
    }
  }
  return run;
}

/** Readings waiting in default partitions (the health check reports them; the job moves them). */
export async function defaultPartitionRows(db: Db): Promise<number> {
  const counts = readingKindTables.map(({ table }) => sql`(select count(*) from ${ident(`${table}_default`)})`);
  const { rows } = await db.execute<{ n: number }>(sql`select (${sql.join(counts, sql` + `)})::int as n`);
  return rows[0].n;
}

export type KindMonth = { table: string; month: Date };

/**
 * The months a database keeps its readings in, per kind table: its monthly partitions, and the
 * month of every reading waiting in a default partition (the next partition job would make those).
 * db:move makes the same months on its target before copying, so every row lands in its month.
 */
export async function keptMonths(db: Sql): Promise<KindMonth[]> {
  const months: KindMonth[] = [];
  for (const { table } of readingKindTables) {
    const seen = new Map<number, Date>();
    for (const name of await monthPartitions(db, table)) {
      const month = partitionMonth(name)!;
      seen.set(month.getTime(), month);
    }
    for (const month of await strayMonths(db, table)) seen.set(month.getTime(), month);
    for (const month of [...seen.values()].sort((a, b) => a.getTime() - b.getTime())) months.push({ table, month });
  }
  return months;
}

/**
 * Makes, on a database whose default partitions are empty (db:move's freshly migrated target, in
 * its transaction), each of `months` it does not have yet. Answers the partitions made.
 */
export async function makeMonths(db: Sql, months: KindMonth[]): Promise<string[]> {
  const made: string[] = [];
  for (const { table, month } of months) {
    if (new Set(await monthPartitions(db, table)).has(partitionName(table, month))) continue;
    await createMonth(db, table, month);
    made.push(partitionName(table, month));
  }
  return made;
}
