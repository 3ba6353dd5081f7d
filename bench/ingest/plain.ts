import { sql } from 'drizzle-orm';
import type { Database } from '../../apps/server/src/db/client.ts';

/**
 * `readings` as it was before migration 0018 partitioned it: one plain table with the same
 * columns, keys and indexes. bench:ingest's comparison mode ingests into it and into the
 * partitioned table in the same run, so the two rates differ only by the layout.
 */
export async function unpartitionReadings(database: Database): Promise<void> {
  await database.db.execute(sql`drop table readings`);
  await database.db.execute(sql`
    create table readings (
      id bigint generated always as identity primary key,
      org_id integer not null, member_id integer, area_id integer, device_id integer not null,
      kind smallint not null, source smallint not null, occur_time timestamptz not null,
      value real, value2 real, data jsonb, remark text,
      created_at timestamptz not null default now(), updated_at timestamptz not null default now())`);
  await database.db.execute(sql`create unique index readings_device_kind_time_uq on readings (device_id, kind, occur_time)`);
  await database.db.execute(
    sql`create index readings_member_chart_idx on readings (member_id, kind, occur_time, id, source, value, org_id, area_id)`,
  );
}
