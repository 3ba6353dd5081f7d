import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { DataSource, DeviceType, ErrorCode, nowUnix } from '@vigil/contracts';
import { api, login, useTestApp } from '../../test/helpers.ts';
import { createWorld, type World } from '../../test/fixtures.ts';
import { addMonitoredMember } from '../ingest/fixtures.ts';
import { readingKindCode } from '../ingest/kinds.ts';
import { defaultPartitionRows, makePartitions, monthStart, partitionName } from './partitions.ts';
import { retentionPass } from './retention.ts';

// Runs on PGlite and on PostgreSQL (src/db is in the engine-sensitive list of vitest.config.ts).
const t = useTestApp();
let world: World;
let token: string;
let serial: string;
let memberId: number;
let deviceId: number;

beforeAll(async () => {
  world = await createWorld(t.db);
  const watch = await addMonitoredMember(t.db, world.orgs.careA, world.areas.areaA1, 'Ada', DeviceType.watchB10);
  serial = watch.device.serial;
  memberId = watch.member.id;
  deviceId = watch.device.id;
  token = await login(t.app, 'tadmina');
});

const tableOf = async (occur: Date, kind: number) => {
  const { rows } = await t.db.execute<{ t: string }>(
    sql`select tableoid::regclass::text as t from readings where device_id = ${deviceId} and kind = ${kind} and occur_time = ${occur.toISOString()}::timestamptz`,
  );
  return rows.map((r) => r.t);
};

/** Heart-rate rows of one organisation, one a day through `month`, stored as ingestion stores them (no member: any organisation). */
async function storeMonth(orgId: number, month: Date, device: number, kind: number = readingKindCode.heartRate) {
  await t.db.execute(sql`
    insert into readings (org_id, device_id, kind, source, occur_time, value)
    select ${orgId}, ${device}, ${kind}, ${DataSource.watchB10_1m}, ${month.toISOString()}::timestamptz + make_interval(days => d), 70
    from generate_series(0, 27) as d`);
}

const count = async (orgId: number, from: Date, kind: number = readingKindCode.heartRate) => {
  const { rows } = await t.db.execute<{ n: number }>(sql`
    select count(*)::int as n from readings where org_id = ${orgId} and kind = ${kind}
      and occur_time >= ${from.toISOString()}::timestamptz and occur_time < ${monthStart(from, 1).toISOString()}::timestamptz`);
  return rows[0].n;
};

describe('partitioned readings', () => {
  it('are partitioned by kind, then by month, on this engine', async () => {
    const { rows } = await t.db.execute<{ name: string; strategy: string }>(
      sql`select partrelid::regclass::text as name, partstrat as strategy from pg_partitioned_table order by 1`,
    );
    expect(rows).toEqual(
      expect.arrayContaining([
        { name: 'readings', strategy: 'l' },
        { name: 'readings_heart_rate', strategy: 'r' },
        { name: 'readings_blood_oxygen', strategy: 'r' },
        { name: 'readings_body_temperature', strategy: 'r' },
        { name: 'readings_other', strategy: 'r' },
      ]),
    );
    // This month and the ones made ahead exist, so ingest never waits on DDL.
    const names = await makePartitions(t.db);
    expect(names.moved).toBe(0);
    const { rows: months } = await t.db.execute<{ found: boolean }>(
      sql`select to_regclass(${partitionName('readings_heart_rate', monthStart(new Date(), 2))}) is not null as found`,
    );
    expect(months[0].found).toBe(true);
  });

  it('store a reading for a month with no partition yet, and the job moves it into its month', async () => {
    // Four years back: no partition holds that month.
    const occur = new Date(monthStart(new Date(), -48).getTime() + 3 * 86_400_000 + 600_000);
    const month = monthStart(occur);
    const { rows: before } = await t.db.execute<{ found: boolean }>(
      sql`select to_regclass(${partitionName('readings_heart_rate', month)}) is not null as found`,
    );
    expect(before[0].found).toBe(false);
    // Through the ingest service, as a gateway's upload arrives (its clock set to that month:
    // live ingestion refuses readings older than 30 days).
    const at = occur.getTime() + 60_000;
    const result = await t.app.ingest.ingest({ kind: 'gateway', gatewayId: 0, orgId: world.orgs.careA }, [
      { serial, kind: 'heartRate', source: DataSource.watchB10_1m, occur_time: Math.floor(occur.getTime() / 1000), values: { value: 71 } },
    ], at);
    expect(result.accepted).toBe(1);
    // A spot reading of that month, as an import would store it.
    await storeMonth(world.orgs.careA, month, deviceId, readingKindCode.bloodPressure);
    expect(await tableOf(occur, readingKindCode.heartRate)).toEqual(['readings_heart_rate_default']);
    expect(await tableOf(month, readingKindCode.bloodPressure)).toEqual(['readings_other_default']);
    expect(await defaultPartitionRows(t.db)).toBeGreaterThanOrEqual(2);

    const run = await makePartitions(t.db);
    expect(run.made).toEqual(expect.arrayContaining([partitionName('readings_heart_rate', month), partitionName('readings_other', month)]));
    expect(await tableOf(occur, readingKindCode.heartRate)).toEqual([partitionName('readings_heart_rate', month)]);
    expect(await tableOf(month, readingKindCode.bloodPressure)).toEqual([partitionName('readings_other', month)]);
    expect(await defaultPartitionRows(t.db)).toBe(0);
    // Re-sent after the move: still a duplicate (the unique key spans the partitions).
    const again = await t.app.ingest.ingest({ kind: 'gateway', gatewayId: 0, orgId: world.orgs.careA }, [
      { serial, kind: 'heartRate', source: DataSource.watchB10_1m, occur_time: Math.floor(occur.getTime() / 1000), values: { value: 71 } },
    ], at);
    expect(again.accepted).toBe(0);
  });
});

describe('retention', () => {
  it('answers the defaults and floors, refuses a period below the floor naming the field, and keeps the stored periods', async () => {
    const get = await api(t.app, token).get('/retention');
    expect(get.statusCode).toBe(200);
    expect(get.json().data).toMatchObject({ raw_vitals_months: 13, rollup_months: 120, customised: false, floors: { raw_vitals_months: 13 } });

    const low = await api(t.app, token).put('/retention', { raw_vitals_months: 6, rollup_months: 120 });
    expect(low.json().code).toBe(ErrorCode.validationFailed);
    expect(low.body).toContain('raw_vitals_months');
    const inverted = await api(t.app, token).put('/retention', { raw_vitals_months: 30, rollup_months: 24 });
    expect(inverted.json().code).toBe(ErrorCode.validationFailed);
    expect(inverted.body).toContain('rollup_months');
    expect((await api(t.app, token).get('/retention')).json().data.customised).toBe(false);

    const put = await api(t.app, token).put('/retention', { raw_vitals_months: 24, rollup_months: 60 });
    expect(put.statusCode).toBe(200);
    expect(put.json().data).toMatchObject({ raw_vitals_months: 24, rollup_months: 60, customised: true });
    // Another organisation keeps its own (the defaults).
    const other = await api(t.app, await login(t.app, 'tadminb')).get('/retention');
    expect(other.json().data).toMatchObject({ raw_vitals_months: 13, customised: false });
  });

  it('drops a month every organisation lets go, deletes one organisation’s rows from a month kept for another, and keeps records', async () => {
    // careA keeps raw vitals 24 months (above); every other organisation the default 13.
    const now = new Date();
    const old = monthStart(now, -30); // past everyone's period: dropped whole
    const middle = monthStart(now, -18); // past 13 months, within careA's 24
    const devices = (await t.db.execute<{ id: number }>(sql`select id from devices order by id limit 2`)).rows.map((r) => r.id);
    for (const month of [old, middle]) {
      await storeMonth(world.orgs.careA, month, devices[0]);
      await storeMonth(world.orgs.careB, month, devices[1]);
      await storeMonth(world.orgs.careB, month, devices[1], readingKindCode.bloodPressure);
    }
    await makePartitions(t.db);
    expect(await count(world.orgs.careB, middle)).toBe(28);
    // The app's start-up pass already marked everything before today's cutoffs as done; rows that
    // old arrive only by an import (ingestion refuses anything past 30 days), as here: start afresh.
    await t.db.execute(sql`update org_retention set raw_vitals_purged_before = null, rollup_purged_before = null`);

    const run = await retentionPass(t.db, now);
    expect(run.dropped).toContain(partitionName('readings_heart_rate', old));
    expect(await count(world.orgs.careA, old)).toBe(0);
    expect(await count(world.orgs.careB, old)).toBe(0);
    // The middle month stays for careA; careB's rows in it are deleted.
    expect(run.dropped).not.toContain(partitionName('readings_heart_rate', middle));
    expect(await count(world.orgs.careA, middle)).toBe(28);
    expect(await count(world.orgs.careB, middle)).toBe(0);
    // Spot readings are records: never removed.
    expect(await count(world.orgs.careB, old, readingKindCode.bloodPressure)).toBe(28);
    expect(await count(world.orgs.careB, middle, readingKindCode.bloodPressure)).toBe(28);
    // A second pass finds nothing more to do.
    expect(await retentionPass(t.db, now)).toEqual({ dropped: [], rawDeleted: 0, rollupsDeleted: 0 });
    // The chart and list of a member still read across the partitions.
    const chart = await api(t.app, token).get(`/physiologic/heart/rate?user_id=${memberId}&begin_time=${nowUnix() - 86_400 * 2000}&end_time=${nowUnix()}`);
    expect(chart.statusCode).toBe(200);
  });
});
