import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { rememberParameterTypings } from './parameter-typings.ts';
import * as schema from './schema/index.ts';

export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/**
 * One Drizzle type for both drivers: the query API is the same; only `$client` differs, and the
 * rest of the server never touches it.
 */
export type Db = ReturnType<typeof drizzlePg<typeof schema>>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** The embedded engine itself, for its online backup (db/tools/backup-route.ts); unset on PostgreSQL. */
  embedded?: PGlite;
  /** The connection pool on PostgreSQL, for its use in the metrics; unset on the embedded engine. */
  pool?: pg.Pool;
  /** Runs the migrations; safe to call on every start. */
  migrate(): Promise<void>;
  /** True when a trivial query answers. */
  ping(): Promise<boolean>;
  close(): Promise<void>;
};

export type DatabaseOptions =
  | { kind: 'postgres'; url: string; poolSize?: number }
  | { kind: 'pglite'; dataDir?: string; loadDataDir?: Blob | File };

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 10 });
    // An idle client that errors (server restart) must not crash the process; the pool replaces it.
    pool.on('error', () => undefined);
    // The console's statements are short: PostgreSQL's JIT, which starts when a plan's estimate
    // crosses jit_above_cost, compiled for 640 ms to run a 1 ms statement (the timeline's summary
    // counts, bench:timeline). Off for Vigil's own connections; a query on the connection is
    // queued behind this one, so none runs before it.
    pool.on('connect', (client) => void client.query('set jit = off').catch(() => undefined));
    const db = drizzlePg({ client: pool, schema });
    rememberParameterTypings(db);
    return {
      db,
      kind: 'postgres',
      pool,
      migrate: () => migratePg(db, { migrationsFolder }),
      ping: async () => {
        try {
          await pool.query('select 1');
          return true;
        } catch {
          return false;
        }
      },
      close: () => pool.end(),
    };
  }
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const client = await PGlite.create({ dataDir: options.dataDir, loadDataDir: options.loadDataDir });
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  rememberParameterTypings(db);
  return {
    db,
    kind: 'pglite',
    embedded: client,
    migrate: () => migratePglite(db as never, { migrationsFolder }),
    ping: async () => {
      try {
        await client.query('select 1');
        return true;
      } catch {
        return false;
      }
    },
    close: () => client.close(),
  };
}

export { schema };
