import { sql } from 'drizzle-orm';
import { DataSource } from '../../packages/contracts/src/index.ts';
import type { Database } from '../../apps/server/src/db/client.ts';
import { pgArray } from '../../apps/server/src/db/pg-array.ts';

export type Reading = {
  serial: string;
  kind: string;
  source: number;
  occur_time: number;
  values: { value: number };
};

/**
 * One-minute heart rate from every device in turn, as watches report it: mostly 55–100 bpm with a
 * high value now and then, so the rules raise (and suppress repeats of) real abnormal events.
 */
export function makeReadings(serials: string[], start: number, count: number): Reading[] {
  return Array.from({ length: count }, (_, i) => {
    const minute = Math.floor(i / serials.length);
    return {
      serial: serials[i % serials.length],
      kind: 'heartRate',
      source: DataSource.watchB10_1m,
      occur_time: start + minute * 60,
      values: { value: i % 997 === 0 ? 162 : 55 + ((i * 7) % 46) },
    };
  });
}

/** The bare reference: the same columns in one multi-row INSERT, no validation, rules or conflict handling. */
export async function barInsert(
  database: Database,
  rows: { orgId: number; memberId: number; deviceId: number; r: Reading }[],
) {
  await database.db.execute(sql`
    insert into readings (org_id, member_id, area_id, device_id, kind, source, occur_time, value, value2, data)
    select o, m, null, d, 0, s, to_timestamp(t), v, null, null
    from unnest(${pgArray(rows.map((x) => x.orgId))}::int[], ${pgArray(rows.map((x) => x.memberId))}::int[],
      ${pgArray(rows.map((x) => x.deviceId))}::int[], ${pgArray(rows.map((x) => x.r.source))}::smallint[],
      ${pgArray(rows.map((x) => x.r.occur_time))}::float8[], ${pgArray(rows.map((x) => x.r.values.value))}::real[]) as u(o, m, d, s, t, v)`);
}

export function percentile(values: number[], p: number): number {
  if (!values.length) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}
