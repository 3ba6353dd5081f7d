import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { DataSource, DeviceType, nowUnix, physiologicChart } from '@vigil/contracts';
import { api, login, useTestApp } from '../../test/helpers.ts';
import { createWorld, type World } from '../../test/fixtures.ts';
import { readingRollupProgress, readingRollups, readings } from '../db/schema/index.ts';
import { addMonitoredMember } from './fixtures.ts';
import { advanceRollups } from './rollups.ts';

const t = useTestApp();
let world: World;
let token: string;
let memberId: number;
let serial: string;
const now = nowUnix();
/** Ten days back, on a whole hour: a range longer than a week charts from the rollups. */
const start = Math.floor((now - 10 * 86_400) / 3600) * 3600;
const hr = (occur: number, value: number, source: number = DataSource.watchB10_1m) => ({ serial, kind: 'heartRate', source, occur_time: occur, values: { value } });
const gateway = () => ({ kind: 'gateway' as const, gatewayId: 0, orgId: world.orgs.careA });

/** The rollups as the ingest statement keeps them, and as a GROUP BY over the readings computes them. */
async function kept() {
  const rows = await t.db.execute(sql`
    select member_id, kind, source, extract(epoch from bucket)::bigint as hour, n, count, round(sum::numeric, 3)::float8 as sum, min, max,
      extract(epoch from min_time)::bigint as min_time, extract(epoch from max_time)::bigint as max_time
    from ${readingRollups} where member_id = ${memberId} order by hour, source`);
  return rows.rows.map((r) => ({ ...r }));
}
async function fromReadings() {
  const rows = await t.db.execute(sql`
    select member_id, kind, source, extract(epoch from date_trunc('hour', occur_time, 'UTC'))::bigint as hour, count(*)::int as n,
      (count(*) filter (where value <> 0))::int as count, round(coalesce(sum(value) filter (where value <> 0), 0)::numeric, 3)::float8 as sum,
      min(value) filter (where value <> 0) as min, max(value) filter (where value <> 0) as max,
      extract(epoch from (array_agg(occur_time order by value, occur_time) filter (where value <> 0))[1])::bigint as min_time,
      extract(epoch from (array_agg(occur_time order by value desc, occur_time) filter (where value <> 0))[1])::bigint as max_time
    from ${readings} where member_id = ${memberId} and kind = 0
    group by member_id, kind, source, hour order by hour, source`);
  return rows.rows.map((r) => ({ ...r }));
}

beforeAll(async () => {
  world = await createWorld(t.db);
  const watch = await addMonitoredMember(t.db, world.orgs.careA, world.areas.areaA1, 'Ada', DeviceType.watchB10);
  memberId = watch.member.id;
  serial = watch.device.serial;
  token = await login(t.app, 'tadmina');
});

describe('hourly reading rollups', () => {
  it('equal the aggregation of the stored readings after re-sent, late, zero and concurrent batches', async () => {
    const service = t.app.ingest;
    // Ten days of a reading every ten minutes, a spike and a dip, zeros (missing), two sources.
    const batch = Array.from({ length: 1440 }, (_, i) =>
      hr(start + i * 600 + 7, i === 700 ? 188 : i === 900 ? 38 : i % 97 === 0 ? 0 : 60 + ((i * 7) % 31)),
    );
    const [first, second] = [batch.slice(0, 800), batch.slice(800)];
    // The later half first (the earlier arrives late), and in two concurrent halves.
    await Promise.all([service.ingest(gateway(), second.slice(0, 300)), service.ingest(gateway(), second.slice(300))]);
    await service.ingest(gateway(), first);
    // Re-sent: acknowledged as duplicates, never counted twice.
    expect((await service.ingest(gateway(), first.slice(0, 50))).accepted).toBe(0);
    // A second source in hours the first already has.
    await service.ingest(gateway(), [hr(start + 30, 201, DataSource.watchB10_5m), hr(start + 3600 * 5 + 30, 55, DataSource.watchB10_5m)]);
    expect(await advanceRollups(t.db, 0)).toBeGreaterThan(1400);
    // A reading arriving after its hour was rolled up is added to that hour by the next run.
    await service.ingest(gateway(), [hr(start + 3600 * 5 + 45, 190)]);
    expect(await advanceRollups(t.db, 0)).toBe(1);
    const rollups = await kept();
    expect(rollups.length).toBeGreaterThan(240);
    expect(rollups).toEqual(await fromReadings());
  });

  it('a deleted reading leaves its hour as if it had never been stored', async () => {
    const [spike] = (await t.db.execute(sql`select id from ${readings} where member_id = ${memberId} and value = 188`)).rows as { id: number }[];
    const res = await api(t.app, token).delete(`/physiologic/heart/rate/${spike.id}`);
    expect(res.statusCode).toBe(200);
    expect(await kept()).toEqual(await fromReadings());
    expect((await kept()).some((r) => r.max === 188)).toBe(false);
  });

  it('are built from every stored reading by the job, once: a second run adds nothing', async () => {
    const before = await kept();
    await t.db.delete(readingRollups);
    await t.db.update(readingRollupProgress).set({ lastReadingId: 0 });
    expect(await advanceRollups(t.db, 0)).toBeGreaterThan(1400);
    expect(await advanceRollups(t.db, 0)).toBe(0);
    expect(await kept()).toEqual(before);
  });

  it('a ten-day chart answers from them with the exact total and summary of every reading and keeps the spike', async () => {
    const end = start + 10 * 86_400 - 1;
    const range = { user_id: memberId, types: DataSource.watchB10_1m, start_date: start + 1800, end_date: end - 1800 };
    const res = await api(t.app, token).get('/physiologic/heart/rate/chart', range);
    expect(res.statusCode).toBe(200);
    const chart = physiologicChart.parse(res.json().data);
    const [raw] = (
      await t.db.execute(sql`
        select count(*)::int as total, round(avg(value) filter (where value <> 0)::numeric, 1)::float8 as average,
          max(value) filter (where value <> 0) as highest, min(value) filter (where value <> 0) as lowest
        from ${readings} where member_id = ${memberId} and kind = 0 and source = ${DataSource.watchB10_1m}
          and occur_time >= to_timestamp(${range.start_date}) and occur_time <= to_timestamp(${range.end_date})`)
    ).rows as { total: number; average: number; highest: number; lowest: number }[];
    expect(chart.total).toBe(raw.total);
    expect(chart.summary).toEqual({ average: raw.average, highest: raw.highest, lowest: raw.lowest });
    expect(chart.list.some((p) => p.value === 38)).toBe(true);
    expect(chart.list.every((p) => p.occur_time >= range.start_date && p.occur_time <= range.end_date)).toBe(true);
  });
});
