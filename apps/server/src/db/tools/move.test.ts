import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { DataSource } from '@vigil/contracts';
import { testConfig, type Config } from '../../config.ts';
import { startServer, type RunningServer } from '../../server.ts';
import { api, login } from '../../../test/helpers.ts';
import { DEFAULT_POSTGRES_URL, databaseUrl } from '../../../test/postgres-url.ts';
import { readingKindCode } from '../../ingest/kinds.ts';
import type { Db } from '../client.ts';
import { makePartitions, monthStart, partitionName } from '../partitions.ts';
import { MoveError, moveDatabase } from './move.ts';

/*
 * Issue 30's CI check: the demo database, made on the embedded engine, moved by db:move into a new
 * database on the local PostgreSQL; a server started on it signs in and reads the same member's
 * week of heart rate and the same alert count as before the move. Needs PostgreSQL: runs in CI
 * (CI=true) or with TEST_DATABASE_URL, and is skipped with a message elsewhere.
 */
const serverUrl = process.env.TEST_DATABASE_URL ?? (process.env.CI ? DEFAULT_POSTGRES_URL : undefined);
if (!serverUrl) console.warn('move.test.ts skipped: no PostgreSQL (set CI=true with one on 127.0.0.1:5432, or TEST_DATABASE_URL)');

const DEMO_PASSWORD = 'Demo1234';
type Seen = { memberId: number; heartRates: number; firstRate: unknown; alerts: number };

async function read(server: RunningServer, memberId?: number): Promise<Seen> {
  const token = await login(server.app, 'orgadmin', DEMO_PASSWORD);
  const members = (await api(server.app, token).get('/user', { per_page: 1, order_by: 'id', order: 'asc' })).json().data.list as { id: number }[];
  const id = memberId ?? members[0].id;
  const now = Math.floor(Date.now() / 1000);
  const week = (await api(server.app, token).get('/physiologic/heart/rate', { user_id: id, per_page: -1, start_date: now - 7 * 86400, end_date: now })).json().data;
  const alerts = (await api(server.app, token).get('/abnormal', { per_page: 1 })).json().data.total as number;
  return { memberId: id, heartRates: week.list.length, firstRate: week.list[0], alerts };
}

type Placement = { partition: string; rows: number }[];
const PLACEMENT_SQL = 'select tableoid::regclass::text as partition, count(*)::int as rows from readings group by 1 order by 1';

/** Which partition holds how many readings. */
async function placement(db: Db): Promise<Placement> {
  return (await db.execute<{ partition: string; rows: number }>(sql.raw(PLACEMENT_SQL))).rows.map((r) => ({ partition: r.partition, rows: Number(r.rows) }));
}

describe.skipIf(!serverUrl)('npm run db:move into PostgreSQL', () => {
  const folder = mkdtempSync(join(tmpdir(), 'vigil-move-'));
  const name = `vigil_move_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  const target = databaseUrl(serverUrl ?? DEFAULT_POSTGRES_URL, name);
  const config = (overrides: Partial<Config>): Config =>
    testConfig({ dataDir: join(folder, 'pg'), uploadDir: join(folder, 'uploads'), demo: true, simulator: false, port: 0, host: '127.0.0.1', ...overrides });
  let before: Seen;
  let placedBefore: Placement;
  /** A month long past that the source keeps a partition of and the freshly migrated target does not. */
  const oldMonth = monthStart(new Date(), -5);

  beforeAll(async () => {
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const embedded = await startServer(config({}));
    try {
      before = await read(embedded);
      // A day of one watch's heart rate from five months back (as an import stores it), in the
      // month partition the embedded server's job makes for it.
      const db = embedded.database.db;
      const [device] = (await db.execute<{ id: number; org_id: number }>(sql`select id, org_id from devices order by id limit 1`)).rows;
      await db.execute(sql`
        insert into readings (org_id, device_id, kind, source, occur_time, value)
        select ${device.org_id}, ${device.id}, ${readingKindCode.heartRate}, ${DataSource.watchB10_1m}, ${oldMonth.toISOString()}::timestamptz + make_interval(mins => m), 70
        from generate_series(0, 1439) as m`);
      await makePartitions(db);
      placedBefore = await placement(db);
      // While the server holds the folder the move is refused, and the target stays empty.
      await expect(moveDatabase({ dataDir: join(folder, 'pg'), to: target })).rejects.toThrow(/running on/);
    } finally {
      await embedded.stop();
    }
  }, 600_000);

  afterAll(async () => {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
    rmSync(folder, { recursive: true, force: true });
  });

  it('copies every table with its count and checksum verified; a server on PostgreSQL reads the same week and alert count', async () => {
    const lines: string[] = [];
    const tables = await moveDatabase({ dataDir: join(folder, 'pg'), to: target, progress: (l) => lines.push(l) });
    expect(tables.find((t) => t.table === 'public.members')?.rows).toBeGreaterThan(0);
    expect(lines.some((l) => l.includes('verified'))).toBe(true);
    // Every reading is in the same month partition as in the source, before any job ran on the
    // target: the old month was made by the move, and the default partitions are empty.
    const moved = new pg.Client({ connectionString: target });
    await moved.connect();
    const placedAfter = (await moved.query<{ partition: string; rows: number }>(PLACEMENT_SQL)).rows;
    await moved.end();
    expect(placedBefore.find((p) => p.partition === partitionName('readings_heart_rate', oldMonth))?.rows).toBe(1440);
    expect(placedBefore.filter((p) => p.partition.endsWith('_default'))).toEqual([]);
    expect(placedAfter).toEqual(placedBefore);
    const server = await startServer(config({ databaseUrl: target }));
    try {
      expect(server.database.kind).toBe('postgres');
      const after = await read(server, before.memberId);
      expect(before.heartRates).toBeGreaterThan(0);
      expect(after).toEqual(before);
    } finally {
      await server.stop();
    }
  }, 600_000);

  it('refuses a target that is not empty, and one it cannot reach, changing nothing', async () => {
    const counted = async () => (await admin.query(`SELECT count(*)::int AS n FROM pg_database WHERE datname = $1`, [name])).rows[0].n as number;
    await expect(moveDatabase({ dataDir: join(folder, 'pg'), to: target })).rejects.toThrow(/not empty/);
    expect(await counted()).toBe(1);
    const unreachable = databaseUrl('postgres://postgres@127.0.0.1:1/x', 'x');
    const err = await moveDatabase({ dataDir: join(folder, 'pg'), to: unreachable }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(MoveError);
    expect((err as Error).message).toMatch(/cannot reach the target/);
  });
});
