import { sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.ts';

/**
 * Claims the oldest queued row of a job table (columns `id`, `status`, `started_at`): marks it
 * running and answers its id, or undefined when nothing waits. `skip locked`, so two instances
 * never claim one row; the FHIR bulk export and the list export jobs claim through it.
 */
export async function claimQueued(db: Db, table: PgTable): Promise<number | undefined> {
  const claimed = await db.execute<{ id: number }>(sql`
    update ${table} set status = 'running', started_at = now()
    where id = (select id from ${table} where status = 'queued' order by id limit 1 for update skip locked)
    returning id`);
  const id = claimed.rows[0]?.id;
  return id === undefined ? undefined : Number(id);
}
