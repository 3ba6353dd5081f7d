import { beforeAll, describe, expect, it } from 'vitest';
import { AbnormalCategory, DataSource, DeviceType, ErrorCode, Role, fromUnix, localDayStart, nowUnix } from '@vigil/contracts';
import { abnormalEvents, deviceBindings, devices, members, readings } from '../db/schema/index.ts';
import { readingKindCode } from '../ingest/kinds.ts';
import { createWorld, type World } from '../../test/fixtures.ts';
import { api, login, useTestApp } from '../../test/helpers.ts';

/*
 * SPEC §3's list filters that lists once parsed and ignored: each one, where a list applies it,
 * answers nothing for a value no row has and the matching rows for one they have; a list that
 * cannot apply it refuses it with -5 on the field.
 */

const t = useTestApp();
let world: World;
let bindId: number;
let alertId: number;
const tokens = { adminA: '', engineer: '' };
const DAY = 86_400;
const now = nowUnix();
const today = localDayStart(now);

beforeAll(async () => {
  world = await createWorld(t.db);
  const [member] = await t.db
    .insert(members)
    .values({ orgId: world.orgs.careA, areaId: world.areas.areaA1, name: 'T Filtered' })
    .returning({ id: members.id });
  const [device] = await t.db
    .insert(devices)
    .values({ orgId: world.orgs.careA, areaId: world.areas.areaA1, type: DeviceType.watchB10, serial: 'T-FILTER-1' })
    .returning({ id: devices.id });
  [{ id: bindId }] = await t.db
    .insert(deviceBindings)
    .values({ deviceId: device.id, memberId: member.id, boundAt: fromUnix(today - 2 * DAY) })
    .returning({ id: deviceBindings.id });
  // Two readings inside the binding (yesterday and today) and one before it, same device.
  await t.db.insert(readings).values(
    [today - 3 * DAY + 600, today - DAY + 600, today + 60].map((at) => ({
      orgId: world.orgs.careA,
      areaId: world.areas.areaA1,
      memberId: member.id,
      deviceId: device.id,
      kind: readingKindCode.heartRate,
      source: DataSource.watchB10_1m,
      occurTime: fromUnix(at),
      value: 72,
    })),
  );
  [{ id: alertId }] = await t.db
    .insert(abnormalEvents)
    .values({
      orgId: world.orgs.careA,
      areaId: world.areas.areaA1,
      memberId: member.id,
      deviceId: device.id,
      bindingId: bindId,
      type: 1,
      category: AbnormalCategory.physiological,
      occurTime: fromUnix(today + 60),
    })
    .returning({ id: abnormalEvents.id });
  tokens.adminA = await login(t.app, 'tadmina');
  tokens.engineer = await login(t.app, 'tengineer');
});

const list = async (token: string, path: string, query: Record<string, string | number>) => {
  const res = await api(t.app, token).get(path, { per_page: 100, ...query });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.list as { id: number; occur_time?: number; role?: number }[];
};

describe('bind_id', () => {
  it('keeps the alerts of one device binding', async () => {
    expect(await list(tokens.adminA, '/abnormal', { bind_id: 999_999 })).toEqual([]);
    expect((await list(tokens.adminA, '/abnormal', { bind_id: bindId })).map((a) => a.id)).toEqual([alertId]);
  });
});

describe('binds', () => {
  it('keeps the readings taken through the listed bindings, not those before the device was bound', async () => {
    expect(await list(tokens.adminA, '/physiologic/heart/rate', { binds: '999999' })).toEqual([]);
    const rows = await list(tokens.adminA, '/physiologic/heart/rate', { binds: `999999,${bindId}` });
    expect(rows.map((r) => r.occur_time)).toEqual([today - DAY + 600, today + 60]);
  });
});

describe('month', () => {
  it('keeps the rows of one calendar month (YYYYMM) on the list’s date', async () => {
    const local = new Date((today + 8 * 3600) * 1000);
    const thisMonth = local.getUTCFullYear() * 100 + local.getUTCMonth() + 1;
    expect(await list(tokens.adminA, '/abnormal', { month: 197_001 })).toEqual([]);
    expect((await list(tokens.adminA, '/abnormal', { month: thisMonth })).map((a) => a.id)).toEqual([alertId]);
  });

  it('refuses a month that is not YYYYMM with -5', async () => {
    const res = await api(t.app, tokens.adminA).get('/abnormal', { month: 202_613 });
    expect(res.json()).toMatchObject({ code: ErrorCode.validationFailed, errors: [{ field: 'month' }] });
  });
});

describe('physical_date', () => {
  it('keeps the readings of the local day holding the date', async () => {
    expect(await list(tokens.adminA, '/physiologic/heart/rate', { physical_date: today - 10 * DAY })).toEqual([]);
    const rows = await list(tokens.adminA, '/physiologic/heart/rate', { physical_date: today - DAY + 7200 });
    expect(rows.map((r) => r.occur_time)).toEqual([today - DAY + 600]);
  });
});

describe('upper_id', () => {
  it('keeps the organisations an upper organisation relates to (the world relates care A to the pharmacy)', async () => {
    expect(await list(tokens.engineer, '/org', { upper_id: 999_999 })).toEqual([]);
    expect((await list(tokens.engineer, '/org', { upper_id: world.orgs.careA })).map((o) => o.id)).toEqual([world.orgs.pharmacy]);
  });
});

describe('router', () => {
  it('keeps the staff of one role number', async () => {
    expect(await list(tokens.adminA, '/staff', { router: Role.hotelAdmin })).toEqual([]);
    expect((await list(tokens.adminA, '/staff', { router: Role.orgStaff })).map((s) => s.id)).toEqual([world.accounts.staffA]);
  });
});

describe('a list that cannot apply a filter', () => {
  it.each([
    ['/area', 'bind_id'],
    ['/area', 'binds'],
    ['/staff', 'upper_id'],
    ['/abnormal', 'router'],
  ])('%s refuses %s with -5 on the field', async (path, field) => {
    const res = await api(t.app, tokens.adminA).get(path, { [field]: 1 });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: ErrorCode.validationFailed, errors: [{ field }] });
  });
});
