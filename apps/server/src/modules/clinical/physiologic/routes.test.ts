import { beforeAll, describe, expect, it } from 'vitest';
import {
  DataSource,
  DeviceType,
  ErrorCode,
  bloodPressureRecord,
  heartRateRecord,
  physiologicChart,
  bodyTemperatureRecord,
  sleepRecord,
  nowUnix,
} from '@vigil/contracts';
import { api, login, useTestApp } from '../../../../test/helpers.ts';
import { createWorld, type World } from '../../../../test/fixtures.ts';
import { addMonitoredMember } from '../../../ingest/fixtures.ts';

const t = useTestApp();
let world: World;
let token: string;
let otherToken: string;
let memberId: number;
const now = nowUnix();
const day = now - 3 * 86400;

beforeAll(async () => {
  world = await createWorld(t.db);
  const watch = await addMonitoredMember(
    t.db,
    world.orgs.careA,
    world.areas.areaA1,
    'Ada',
    DeviceType.watchB10,
  );
  const cuff = await addMonitoredMember(
    t.db,
    world.orgs.careA,
    world.areas.areaA1,
    'Ben',
    DeviceType.bloodPressureMonitor,
  );
  memberId = watch.member.id;
  const gateway = { kind: 'gateway' as const, gatewayId: 0, orgId: world.orgs.careA };
  const minutes = Array.from({ length: 3000 }, (_, i) => ({
    serial: watch.device.serial,
    kind: 'heartRate',
    source: DataSource.watchB10_1m,
    occur_time: day + i * 60,
    values: { value: i === 1500 ? 190 : 60 + (i % 20) },
  }));
  await t.app.ingest.ingest(gateway, [
    ...minutes,
    {
      serial: watch.device.serial,
      kind: 'bodyTemperature',
      source: DataSource.watchB10_5m,
      occur_time: day,
      values: { value: 36.6, volt: 3.9, stat: 1 },
    },
    {
      serial: watch.device.serial,
      kind: 'sleep',
      source: DataSource.watchB10_1m,
      occur_time: day - 8 * 3600,
      values: {
        end_time: day - 1800,
        detail_obj: [
          { type: 1, start_time: day - 8 * 3600, end_time: day - 6 * 3600 },
          { type: 2, start_time: day - 6 * 3600, end_time: null },
        ],
        data: { awake: 10, light: 120, deep: 300, REM: 30 },
      },
    },
    {
      serial: cuff.device.serial,
      kind: 'bloodPressure',
      source: DataSource.bloodPressureMonitor,
      occur_time: day,
      values: { sys: 128, dia: 82, heart_rate: 70, afib: 0, hand_part: 0 },
    },
  ]);
  token = await login(t.app, 'tadmina');
  otherToken = await login(t.app, 'tadminb');
});

describe('/physiologic/*', () => {
  it('lists one member by time range, paged, newest first', async () => {
    const res = await api(t.app, token).get('/physiologic/heart/rate', {
      user_id: memberId,
      start_date: day,
      end_date: day + 3600,
      order: 'desc',
      order_by: 'occur_time',
      types: DataSource.watchB10_1m,
    });
    expect(res.statusCode).toBe(200);
    const page = res.json().data;
    expect(page).toMatchObject({ current_page: 1, per_page: 15, total: 61, last_page: 5 });
    expect(page.list[0]).toMatchObject({
      user_name: 'Ada',
      occur_time: day + 3600,
      type: DataSource.watchB10_1m,
      remark: null,
    });
    // Unpaged, the range is required and bounded: a member's whole history could be millions of rows.
    const unbounded = await api(t.app, token).get('/physiologic/heart/rate', { user_id: memberId, per_page: -1 });
    expect(unbounded.json()).toMatchObject({ code: ErrorCode.validationFailed, errors: [{ field: 'start_date' }] });
    const all = await api(t.app, token).get('/physiologic/heart/rate', { user_id: memberId, per_page: -1, start_date: day, end_date: now });
    expect(all.json().data).toMatchObject({ current_page: 1, last_page: 1, per_page: 3000, total: 3000 });
    // The unpaged list skips the serializer's schema check, so check its rows here.
    for (const row of all.json().data.list.slice(0, 50)) heartRateRecord.strict().parse(row);
  });

  it('returns SPEC §3 shapes for blood pressure, temperature and sleep', async () => {
    const bp = (await api(t.app, token).get('/physiologic/blood/pressure')).json().data.list[0];
    expect(bloodPressureRecord.strict().parse(bp)).toMatchObject({
      sys: 128,
      dia: 82,
      data: { heart_rate: 70, afib: 0, hand_part: 0 },
    });
    const temp = (await api(t.app, token).get('/physiologic/body/temperature')).json().data.list[0];
    expect(bodyTemperatureRecord.strict().parse(temp)).toMatchObject({
      value: 36.6,
      data: { volt: 3.9, stat: 1 },
    });
    const sleep = (await api(t.app, token).get('/physiologic/sleep', { order_by: 'start_time' })).json().data
      .list[0];
    expect(sleepRecord.strict().parse(sleep)).toMatchObject({
      start_time: day - 8 * 3600,
      end_time: day - 1800,
      data: { deep: 300 },
    });
    expect(sleep.detail_obj[1].end_time).toBeNull();
  });

  it('detail carries user_id; PATCH edits the remark; DELETE removes', async () => {
    const list = (await api(t.app, token).get('/physiologic/body/temperature')).json().data.list;
    const id = list[0].id;
    expect((await api(t.app, token).get(`/physiologic/body/temperature/${id}`)).json().data.user_id).toBe(
      memberId,
    );
    const patched = await api(t.app, token).patch(`/physiologic/body/temperature/${id}`, {
      remark: 'rechecked',
    });
    expect(patched.json().data.remark).toBe('rechecked');
    expect((await api(t.app, token).delete(`/physiologic/body/temperature/${id}`)).statusCode).toBe(200);
    expect((await api(t.app, token).get(`/physiologic/body/temperature/${id}`)).json().code).toBe(
      ErrorCode.notFound,
    );
  });

  it('keeps other organisations out', async () => {
    const list = await api(t.app, otherToken).get('/physiologic/heart/rate', { user_id: memberId });
    expect(list.json().data.total).toBe(0);
  });

  it('decimates a long range for the chart and keeps the spike', async () => {
    const res = await api(t.app, token).get('/physiologic/heart/rate/chart', {
      user_id: memberId,
      start_date: day,
      end_date: day + 3000 * 60,
      width: 300,
      gap_seconds: 60,
    });
    expect(res.statusCode).toBe(200);
    const chart = physiologicChart.parse(res.json().data);
    expect(chart.total).toBe(3000);
    expect(chart.list.length).toBeLessThanOrEqual(600);
    expect(chart.list).toContainEqual({ occur_time: day + 1500 * 60, value: 190 });
    expect(chart.list.some((p) => p.value === null)).toBe(false);
    expect(chart.summary).toMatchObject({ highest: 190, lowest: 60 });
  });

  it('answers the chart of another organisation\'s member with nothing', async () => {
    const res = await api(t.app, otherToken).get('/physiologic/heart/rate/chart', { user_id: memberId, start_date: day, end_date: now });
    expect(res.json().data).toMatchObject({ list: [], total: 0 });
  });

  it('rejects a chart range that runs backwards or past three months, and kinds without a chart', async () => {
    const backwards = await api(t.app, token).get('/physiologic/heart/rate/chart', { user_id: memberId, start_date: now, end_date: day });
    expect(backwards.statusCode).toBe(422);
    expect(backwards.json().code).toBe(ErrorCode.validationFailed);
    const long = await api(t.app, token).get('/physiologic/heart/rate/chart', { user_id: memberId, start_date: now - 100 * 86_400, end_date: now });
    expect(long.json().code).toBe(ErrorCode.validationFailed);
    const sinceEver = await api(t.app, token).get('/physiologic/heart/rate/chart', { user_id: memberId, start_date: 0 });
    expect(sinceEver.json().code).toBe(ErrorCode.validationFailed);
    const noGap = await api(t.app, token).get('/physiologic/heart/rate/chart', { user_id: memberId, gap_seconds: 0 });
    expect(noGap.json().code).toBe(ErrorCode.validationFailed);
    // Blood pressure has two values and no chart route: "chart" is read as a record id, and refused.
    expect((await api(t.app, token).get('/physiologic/blood/pressure/chart', { user_id: memberId })).json().code).toBe(
      ErrorCode.validationFailed,
    );
  });
});
