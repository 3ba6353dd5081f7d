import { beforeAll, describe, expect, it } from 'vitest';
import { DataSource, ErrorCode, dataEnvelope, wallSnapshot, type WallMember } from '@vigil/contracts';
import { createWorld, type World } from '../../../../test/fixtures.ts';
import { api, login, useTestApp } from '../../../../test/helpers.ts';
import { addMonitoredMember } from '../../../ingest/fixtures.ts';

const t = useTestApp();
let world: World;
const ids = { ann: 0, bo: 0, cy: 0 };
const at = Math.floor(Date.now() / 1000) - 120;
const shape = dataEnvelope(wallSnapshot);

beforeAll(async () => {
  world = await createWorld(t.db);
  const ann = await addMonitoredMember(t.db, world.orgs.careA, world.areas.areaA1, 'T Wall Ann');
  const bo = await addMonitoredMember(t.db, world.orgs.careA, world.areas.areaA2, 'T Wall Bo');
  const cy = await addMonitoredMember(t.db, world.orgs.careB, world.areas.areaB1, 'T Wall Cy');
  Object.assign(ids, { ann: ann.member.id, bo: bo.member.id, cy: cy.member.id });
  const ingest = t.app.ingest;
  const src = DataSource.watchB10_1m;
  const send = (device: { id: number; orgId: number }, readings: unknown[]) => ingest.ingest({ kind: 'device', deviceId: device.id, orgId: device.orgId }, readings);
  const r = (serial: string, kind: string, values: unknown, occur_time = at) => ({ serial, kind, source: src, occur_time, values });
  const a = ann.device.serial;
  expect(
    (
      await send(ann.device, [
        r(a, 'heartRate', { value: 64 }, at - 60),
        r(a, 'heartRate', { value: 72 }),
        r(a, 'bloodOxygen', { value: 97 }),
        r(a, 'bodyTemperature', { value: 36.6 }),
        r(a, 'bloodPressure', { sys: 121, dia: 79 }),
        r(a, 'battery', { level: 80 }),
        r(a, 'wearing', { worn: true }),
      ])
    ).rejected,
  ).toEqual([]);
  // Bo's heart races: the rules open an alert, which the wall lists on Bo's tile.
  expect((await send(bo.device, [r(bo.device.serial, 'heartRate', { value: 180 })])).rejected).toEqual([]);
  expect((await send(cy.device, [r(cy.device.serial, 'heartRate', { value: 66 })])).rejected).toEqual([]);
});

const tile = (members: WallMember[], id: number) => members.find((m) => m.id === id);

describe('GET /wall', () => {
  it("gives an organisation admin every member of its own organisation with the newest vitals, device state and open alerts", async () => {
    const res = await api(t.app, await login(t.app, 'tadmina')).get('/wall');
    expect(res.statusCode).toBe(200);
    const { members, server_time } = shape.parse(res.json()).data;
    expect(server_time).toBeGreaterThan(at);
    const ann = tile(members, ids.ann)!;
    expect(ann).toMatchObject({
      name: 'T Wall Ann',
      area_id: world.areas.areaA1,
      area_name: 'T Ward A1',
      heart_rate: { value: 72, time: at },
      blood_oxygen: { value: 97, time: at },
      body_temperature: { time: at },
      blood_pressure: { sys: 121, dia: 79, time: at },
      device: { online: true, battery: 80, worn: true },
      alerts: [],
    });
    expect(ann.body_temperature!.value).toBeCloseTo(36.6, 3);
    // Last seen is when the server heard the device, at or after the readings it sent.
    expect(ann.device!.last_seen_at).toBeGreaterThanOrEqual(at);
    const bo = tile(members, ids.bo)!;
    expect(bo.alerts.length).toBeGreaterThan(0);
    expect(bo.alerts[0].occur_time).toBe(at);
    // Another organisation's member never appears.
    expect(tile(members, ids.cy)).toBeUndefined();
  });

  it('keeps an area admin to its area, and another organisation to its own members', async () => {
    const area = shape.parse((await api(t.app, await login(t.app, 'tareaa1')).get('/wall')).json()).data.members;
    expect(area.map((m) => m.id)).toContain(ids.ann);
    expect(area.every((m) => m.area_id === world.areas.areaA1)).toBe(true);
    const other = shape.parse((await api(t.app, await login(t.app, 'tadminb')).get('/wall')).json()).data.members;
    expect(other.map((m) => m.id)).toEqual([ids.cy]);
  });

  it('filters by area_id within scope', async () => {
    const res = await api(t.app, await login(t.app, 'tadmina')).get('/wall', { area_id: world.areas.areaA2 });
    expect(shape.parse(res.json()).data.members.map((m) => m.id)).toEqual([ids.bo]);
  });

  it('refuses a role without the wall (-3)', async () => {
    for (const account of ['tpharm', 'tengineer']) {
      const res = await api(t.app, await login(t.app, account)).get('/wall');
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe(ErrorCode.noPermission);
    }
  });
});
