/**
 * npm run bench:ingest:storage -w @vigil/bench: one narrow `readings` table versus a
 * per-kind table for the same one-minute heart rate, on PostgreSQL: insert rate, size with indexes,
 * and the console's query (one member, one week, in time order). Decides docs/ingest.md's layout.
 */
import pg from 'pg';
import { nowUnix } from '@vigil/contracts';
import { openDatabase } from '../../apps/server/src/db/client.ts';
import { percentile } from './workload.ts';

const MEMBERS = 100;
const MINUTES = 7 * 1440;
const BATCH = 5000;
const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const name = `vigil_bench_storage_${process.pid}`;

const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`create database ${name}`);
const url = new URL(adminUrl);
url.pathname = `/${name}`;
try {
  const database = await openDatabase({ kind: 'postgres', url: url.toString() });
  await database.migrate();
  await database.close();
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  await client.query(`create table heart_rate (
    id bigint generated always as identity primary key, org_id int not null, member_id int, area_id int,
    device_id int not null, source smallint not null, occur_time timestamptz not null, value real not null,
    remark text, created_at timestamptz not null default now(), updated_at timestamptz not null default now())`);
  await client.query('create unique index heart_rate_device_time_uq on heart_rate (device_id, occur_time)');
  await client.query('create index heart_rate_member_time_idx on heart_rate (member_id, occur_time)');

  const start = nowUnix() - 10 * 86400;
  const insert = async (table: 'readings' | 'heart_rate') => {
    const t0 = performance.now();
    for (let m = 1; m <= MEMBERS; m++) {
      for (let i = 0; i < MINUTES; i += BATCH) {
        const n = Math.min(BATCH, MINUTES - i);
        const times = Array.from({ length: n }, (_, k) => start + (i + k) * 60);
        const values = times.map((t) => 60 + (t % 40));
        const kindColumn = table === 'readings' ? ', kind' : '';
        const kindValue = table === 'readings' ? ', 0' : '';
        await client.query(
          `insert into ${table} (org_id, member_id, device_id, source, occur_time, value${kindColumn})
           select 1, $1, $1, 9, to_timestamp(t), v${kindValue} from unnest($2::float8[], $3::real[]) as u(t, v)
           on conflict do nothing`,
          [m, times, values],
        );
      }
    }
    return (MEMBERS * MINUTES) / ((performance.now() - t0) / 1000);
  };
  const query = async (table: 'readings' | 'heart_rate') => {
    const kind = table === 'readings' ? 'and kind = 0' : '';
    const times: number[] = [];
    for (let r = 0; r < 30; r++) {
      const member = 1 + (r % MEMBERS);
      const t0 = performance.now();
      const res = await client.query(
        `select id, value, occur_time from ${table} where member_id = $1 ${kind} and occur_time between to_timestamp($2) and to_timestamp($3) order by occur_time`,
        [member, start, start + MINUTES * 60],
      );
      times.push(performance.now() - t0);
      if (res.rowCount !== MINUTES) throw new Error(`expected ${MINUTES} rows, got ${res.rowCount}`);
    }
    return percentile(times, 50);
  };
  const size = async (table: string) =>
    Number((await client.query(`select pg_total_relation_size($1) as b`, [table])).rows[0].b) /
    (MEMBERS * MINUTES);

  console.log(
    `${(MEMBERS * MINUTES).toLocaleString('en-US')} one-minute heart-rate rows (${MEMBERS} members × a week), PostgreSQL`,
  );
  for (const table of ['readings', 'heart_rate'] as const) {
    const rate = await insert(table);
    await client.query(`vacuum analyze ${table}`);
    console.log(
      `  ${table.padEnd(10)} insert ${Math.round(rate).toLocaleString('en-US')} rows/s, ${Math.round(await size(table))} bytes/row with indexes, one member-week query median ${(await query(table)).toFixed(1)} ms`,
    );
  }
  await client.end();
} finally {
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
}
