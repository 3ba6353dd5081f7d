import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { PGlite } from '@electric-sql/pglite';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { migrationsFolder, type Db } from '../client.ts';
import { keptMonths, makeMonths } from '../partitions.ts';
import { liveServer } from './control-file.ts';

/** A clear refusal: printed as it is, with nothing changed. */
export class MoveError extends Error {}

export type TableCopy = { table: string; rows: number; checksum: string };

type Table = { schema: string; name: string; columns: string[]; dependsOn: string[] };

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;
const qualified = (t: { schema: string; name: string }) => `${ident(t.schema)}.${ident(t.name)}`;
const keyOf = (t: { schema: string; name: string }) => `${t.schema}.${t.name}`;

/** Both ends print rows the same way, whatever their own settings: the checksums compare text. */
const SESSION = `SET TimeZone = 'UTC'; SET DateStyle = 'ISO, YMD'; SET IntervalStyle = 'postgres'; SET extra_float_digits = 1`;

/** Tables of the application (public) and the migration ledger (drizzle), partitions' parents only. */
const TABLES_SQL = `
  SELECT n.nspname AS schema, c.relname AS name,
    (SELECT coalesce(json_agg(a.attname ORDER BY a.attnum), '[]') FROM pg_attribute a
      WHERE a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped AND a.attgenerated = '') AS columns,
    (SELECT coalesce(json_agg(DISTINCT rn.nspname || '.' || rc.relname), '[]') FROM pg_constraint f
      JOIN pg_class rc ON rc.oid = f.confrelid JOIN pg_namespace rn ON rn.oid = rc.relnamespace
      WHERE f.conrelid = c.oid AND f.contype = 'f' AND f.confrelid <> c.oid) AS "dependsOn"
  FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
  WHERE n.nspname IN ('public', 'drizzle') AND c.relkind IN ('r', 'p') AND NOT c.relispartition
  ORDER BY 1, 2`;

const SEQUENCES_SQL = `
  SELECT schemaname AS schema, sequencename AS name, last_value::text AS "lastValue"
  FROM pg_sequences WHERE schemaname IN ('public', 'drizzle') ORDER BY 1, 2`;

/** Parents before children, so every foreign key finds its row when the child is copied. */
function inLoadOrder(tables: Table[]): Table[] {
  const byKey = new Map(tables.map((t) => [keyOf(t), t]));
  const done = new Set<string>();
  const order: Table[] = [];
  const visit = (t: Table, path: Set<string>) => {
    const key = keyOf(t);
    if (done.has(key)) return;
    if (path.has(key)) throw new MoveError(`foreign keys form a cycle through ${key}; the move cannot order the tables`);
    path.add(key);
    for (const dep of t.dependsOn) {
      const parent = byKey.get(dep);
      if (parent) visit(parent, path);
    }
    path.delete(key);
    done.add(key);
    order.push(t);
  };
  for (const t of tables) visit(t, new Set());
  return order;
}

/** Row count and an order-independent checksum of a table's rows as text. */
const summarySql = (t: Table) => {
  const cols = t.columns.map(ident).join(', ');
  return `SELECT count(*)::int AS rows, coalesce(md5(string_agg(h, '' ORDER BY h)), '') AS checksum
    FROM (SELECT md5(row(${cols})::text) AS h FROM ${qualified(t)}) s`;
};

async function refuseBusyTarget(client: pg.Client): Promise<void> {
  const { rows } = await client.query<{ name: string }>(
    `SELECT n.nspname || '.' || c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE c.relkind IN ('r', 'p', 'v', 'm', 'S') AND n.nspname NOT IN ('pg_catalog', 'information_schema') AND n.nspname NOT LIKE 'pg_toast%'
     ORDER BY 1 LIMIT 6`,
  );
  if (rows.length) {
    const names = rows.slice(0, 5).map((r) => r.name).join(', ');
    throw new MoveError(`the target database is not empty (it holds ${names}${rows.length > 5 ? ', …' : ''}); move into a new, empty database`);
  }
}

/** The migrations this version has, as drizzle's migrator applies them. */
function migrations() {
  return readMigrationFiles({ migrationsFolder });
}

async function refuseOutdatedSource(source: PGlite): Promise<void> {
  const expected = migrations().length;
  let applied = 0;
  try {
    const { rows } = await source.query<{ n: number }>('SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations');
    applied = rows[0].n;
  } catch {
    throw new MoveError('the embedded database has no migration ledger: is this a Vigil data folder?');
  }
  if (applied !== expected) {
    throw new MoveError(`the embedded database has ${applied} of this version's ${expected} migrations: start this version's server on it once, stop it, then move`);
  }
}

export type MoveOptions = { dataDir: string; to: string; progress?: (line: string) => void };

/**
 * Copies the embedded database at `dataDir` into the empty PostgreSQL database `to`, in one
 * transaction on the target: the schema by this version's migrations, the source's monthly reading
 * partitions (db/partitions.ts), every table's rows by COPY
 * (parents first), the sequences' positions, then each table's row count and checksum compared
 * with the source's. Any refusal or failure rolls the target back to empty.
 */
export async function moveDatabase({ dataDir, to, progress = () => undefined }: MoveOptions): Promise<TableCopy[]> {
  if (!existsSync(join(dataDir, 'PG_VERSION'))) throw new MoveError(`no embedded database in ${dataDir} (set DATA_DIR or pass --data-dir)`);
  const server = liveServer(dataDir);
  if (server) {
    throw new MoveError(`a Vigil server (process ${server.pid}, port ${server.port}) is running on ${dataDir}: stop it first (the embedded database is one process's); for a copy while it runs use npm run db:backup`);
  }
  const target = new pg.Client({ connectionString: to });
  try {
    await target.connect();
  } catch (err) {
    throw new MoveError(`cannot reach the target database: ${(err as Error).message}`);
  }
  let source: PGlite | undefined;
  try {
    await refuseBusyTarget(target);
    source = await PGlite.create({ dataDir });
    await refuseOutdatedSource(source);
    await source.exec(SESSION);
    await target.query(SESSION);
    await target.query('BEGIN');
    progress(`applying ${migrations().length} migrations to the target`);
    // The ledger is created as drizzle's migrator makes it; its rows are copied with the data.
    await target.query('CREATE SCHEMA IF NOT EXISTS drizzle');
    await target.query('CREATE TABLE IF NOT EXISTS drizzle.__drizzle_migrations (id SERIAL PRIMARY KEY, hash text NOT NULL, created_at bigint)');
    for (const m of migrations()) for (const statement of m.sql) if (statement.trim()) await target.query(statement);
    // The migrations made the target's months from its own clock; the source's older months (and
    // any month of a reading in its default partitions) are made too, so every copied reading
    // lands in its month partition, as the source keeps it, and not in a default partition.
    const made = await makeMonths(drizzlePg({ client: target }), await keptMonths(drizzlePglite({ client: source }) as unknown as Db));
    progress(`${made.length} monthly reading partitions made as the source has them`);
    const tables = inLoadOrder((await source.query<Table>(TABLES_SQL)).rows);
    const copies: TableCopy[] = [];
    for (const [i, table] of tables.entries()) {
      const cols = table.columns.map(ident).join(', ');
      const result = await source.query(`COPY (SELECT ${cols} FROM ${qualified(table)}) TO '/dev/blob'`);
      const blob = result.blob ?? new Blob([]);
      await pipeline(Readable.fromWeb(blob.stream() as never), target.query(copyFrom(`COPY ${qualified(table)} (${cols}) FROM STDIN`)));
      const [mine] = (await source.query<{ rows: number; checksum: string }>(summarySql(table))).rows;
      const [theirs] = (await target.query<{ rows: number; checksum: string }>(summarySql(table))).rows;
      if (mine.rows !== theirs.rows || mine.checksum !== theirs.checksum) {
        throw new MoveError(`${keyOf(table)} differs after the copy (${mine.rows} rows, ${theirs.rows} arrived; checksums ${mine.checksum} and ${theirs.checksum}); nothing was moved`);
      }
      copies.push({ table: keyOf(table), rows: mine.rows, checksum: mine.checksum });
      progress(`[${i + 1}/${tables.length}] ${keyOf(table)}: ${mine.rows} rows, checksum ${mine.checksum || '(empty)'} verified`);
    }
    const sequences = (await source.query<{ schema: string; name: string; lastValue: string | null }>(SEQUENCES_SQL)).rows;
    for (const s of sequences) {
      // A sequence never used stays at its start; the others continue after the last value handed out.
      if (s.lastValue !== null) await target.query(`SELECT setval($1::regclass, $2::bigint, true)`, [qualified(s), s.lastValue]);
    }
    progress(`${sequences.length} sequences set`);
    await target.query('COMMIT');
    return copies;
  } catch (err) {
    await target.query('ROLLBACK').catch(() => undefined);
    throw err;
  } finally {
    await source?.close();
    await target.end();
  }
}
