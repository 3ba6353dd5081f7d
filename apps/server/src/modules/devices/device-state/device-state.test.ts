import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, gte, isNull } from 'drizzle-orm';
import type { Socket as ClientSocket } from 'socket.io-client';
import { AbnormalType, DeviceType, ErrorCode, RealtimeEvent, deviceRealTimeRow, handleRecordRow, insideZone, paginated, sleepHistoryRow, type SafeZone } from '@vigil/contracts';
import type { Database } from '../../../db/client.ts';
import { abnormalEvents, deviceBindings, devices, members, orgs, staff } from '../../../db/schema/index.ts';
import { createRandom, seedDemo } from '../../../demo/seed.ts';
import { DEMO_PASSWORD } from '../../../demo/data.ts';
import { boundDemoDevices } from '../../../demo/history/devices.ts';
import { generate } from '../../../demo/history/generators.ts';
import { connectStaff, loggedIn, openTestDatabase, record, startInstance, until, type Instance } from '../../../../test/realtime.ts';
import { api, login } from '../../../../test/helpers.ts';

let database: Database;
let instance: Instance;
const sockets: ClientSocket[] = [];
const HOUR = 3600;
const nowS = Math.floor(Date.now() / 1000 / 60) * 60;

/** The demo's own generators over the last six hours, through the real ingestion service. */
async function seedRecentHistory(types: DeviceType[]) {
  const service = instance.app.ingest;
  const rnd = createRandom(nowS);
  for (const device of await boundDemoDevices(database.db)) {
    if (!types.includes(device.type)) continue;
    const readings = generate(device, { from: nowS - 6 * HOUR, to: nowS - HOUR, rnd, oneMinute: false });
    const result = await service.ingest({ kind: 'gateway', gatewayId: 0, orgId: device.orgId }, readings);
    expect(result.rejected).toEqual([]);
  }
}

beforeAll(async () => {
  database = await openTestDatabase();
  await seedDemo(database.db);
  instance = await startInstance(database);
  await seedRecentHistory([DeviceType.sleepSensor, DeviceType.chylyngWatch]);
}, 120_000);

afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await instance?.close();
  await database?.close();
});

describe('GET /device/sleep/history', () => {
  it('gives a hotel admin its guests’ bed history in the SPEC list envelope, newest first', async () => {
    const token = await login(instance.app, 'hoteladmin', DEMO_PASSWORD);
    const res = await api(instance.app, token).get('/device/sleep/history', { order: 'desc', order_by: 'occur_time' });
    expect(res.statusCode).toBe(200);
    const data = paginated(sleepHistoryRow).parse(res.json().data);
    expect(data.total).toBeGreaterThan(0);
    expect(data.per_page).toBe(15);
    const [hotel] = await database.db.select({ id: orgs.id }).from(orgs).where(eq(orgs.name, (await hotelName())));
    expect(data.list.every((r) => r.org_id === hotel.id)).toBe(true);
    expect(data.list.every((r) => r.member_name !== null && (r.status === 0 || r.status === 1))).toBe(true);
    const times = data.list.map((r) => r.occur_time);
    expect(times).toEqual([...times].sort((a, b) => b - a));
    // One record reads back the same; a role whose pages lack the history is refused (-3).
    const one = await api(instance.app, token).get(`/device/sleep/history/${data.list[0].id}`);
    expect(one.json().data).toEqual(data.list[0]);
    const other = await login(instance.app, 'pharmadmin', DEMO_PASSWORD);
    const refused = await api(instance.app, other).get('/device/sleep/history');
    expect(refused.json().code).toBe(ErrorCode.noPermission);
  });

  it.each(['orgstaff', 'hospadmin', 'clinicadmin', 'aide'])('gives %s the bed history of its own organisation’s sleep sensors', async (account) => {
    const token = await login(instance.app, account, DEMO_PASSWORD);
    const res = await api(instance.app, token).get('/device/sleep/history', { per_page: -1 });
    expect(res.statusCode, res.body).toBe(200);
    const list = paginated(sleepHistoryRow).parse(res.json().data).list;
    expect(list.length).toBeGreaterThan(0);
    const [own] = await database.db.select({ orgId: staff.orgId }).from(staff).where(eq(staff.account, account));
    expect(new Set(list.map((r) => r.org_id))).toEqual(new Set([own.orgId]));
  });

  it('keeps a hotel area admin to its own area', async () => {
    const token = await login(instance.app, 'hotelarea', DEMO_PASSWORD);
    const list = paginated(sleepHistoryRow).parse((await api(instance.app, token).get('/device/sleep/history', { per_page: -1 })).json().data).list;
    const [own] = await database.db.select({ areaId: staff.areaId }).from(staff).where(eq(staff.account, 'hotelarea'));
    expect(list.length).toBeGreaterThan(0);
    expect(new Set(list.map((r) => r.area_id))).toEqual(new Set([own.areaId]));
  });

  it('filters by bed status', async () => {
    const token = await login(instance.app, 'hoteladmin', DEMO_PASSWORD);
    const res = await api(instance.app, token).get('/device/sleep/history', { state: 1, per_page: -1 });
    const list = paginated(sleepHistoryRow).parse(res.json().data).list;
    expect(list.every((r) => r.status === 1)).toBe(true);
  });
});

async function hotelName(): Promise<string> {
  const [row] = await database.db
    .select({ name: orgs.name })
    .from(staff)
    .innerJoin(orgs, eq(orgs.id, staff.orgId))
    .where(eq(staff.account, 'hoteladmin'));
  return row.name;
}

describe('GET /device/bind/real-time', () => {
  it('gives a security company admin each 4G watch’s state: online, battery, worn, last position, safe zone', async () => {
    const token = await login(instance.app, 'guardadmin', DEMO_PASSWORD);
    const res = await api(instance.app, token).get('/device/bind/real-time', { device_types: DeviceType.chylyngWatch });
    expect(res.statusCode).toBe(200);
    const data = paginated(deviceRealTimeRow).parse(res.json().data);
    expect(data.total).toBeGreaterThanOrEqual(4);
    for (const row of data.list) {
      expect(row.device_type).toBe(DeviceType.chylyngWatch);
      expect(row.battery).not.toBeNull();
      expect(row.worn).not.toBeNull();
      expect(row.lat).not.toBeNull();
      expect(row.lng).not.toBeNull();
      expect(row.safe_zone).not.toBeNull();
      expect(row.in_zone).toBe(insideZone(row.safe_zone!, { lat: row.lat!, lng: row.lng! }));
      expect(typeof row.online).toBe('boolean');
    }
  });

  it('is not read as /device/bind/{id} and refuses a role without it (-3)', async () => {
    const token = await login(instance.app, 'pharmstaff', DEMO_PASSWORD);
    const res = await api(instance.app, token).get('/device/bind/real-time');
    expect(res.json().code).toBe(ErrorCode.noPermission);
  });
});

describe('a 4G watch walking out of its safe zone', () => {
  it('raises exactly one "left safe zone" alert, with lat and lng, on guard staff’s socket', async () => {
    const [watch] = await database.db
      .select({ serial: devices.serial, orgId: devices.orgId, memberId: members.id, zone: members.safeZone })
      .from(deviceBindings)
      .innerJoin(devices, eq(devices.id, deviceBindings.deviceId))
      .innerJoin(members, eq(members.id, deviceBindings.memberId))
      .innerJoin(staff, and(eq(staff.orgId, devices.orgId), eq(staff.account, 'guardstaff')))
      .where(and(eq(devices.type, DeviceType.chylyngWatch), isNull(deviceBindings.unboundAt)))
      .limit(1);
    const zone = watch.zone as SafeZone;
    const socket = connectStaff(instance.url, await login(instance.app, 'guardstaff', DEMO_PASSWORD));
    sockets.push(socket);
    await loggedIn(socket);
    const seen = record(socket, [RealtimeEvent.abnormal]);

    const service = instance.app.ingest;
    const send = (t: number, metresNorth: number) =>
      service.ingest({ kind: 'gateway', gatewayId: 0, orgId: watch.orgId }, [
        { serial: watch.serial, kind: 'location', source: 25, occur_time: t, values: { lat: zone.lat + metresNorth / 111_320, lng: zone.lng, still_minutes: 1 } },
      ]);
    const start = nowS - 30 * 60;
    // At home first (closing any walk the history left open), then out, further out, still out.
    await send(start, 50);
    for (const [i, metres] of [600, 800, 900].entries()) await send(start + (i + 1) * 60, metres);

    const raised = await database.db
      .select({ id: abnormalEvents.id, detail: abnormalEvents.detail })
      .from(abnormalEvents)
      .where(and(eq(abnormalEvents.memberId, watch.memberId), eq(abnormalEvents.type, AbnormalType.iotLeftSafeZone), gte(abnormalEvents.occurTime, new Date((start + 1) * 1000))));
    expect(raised).toHaveLength(1);
    expect(Number(raised[0].detail?.lat)).toBeCloseTo(zone.lat + 600 / 111_320, 5);
    expect(Number(raised[0].detail?.lng)).toBeCloseTo(zone.lng, 5);

    await until(() => seen.some((e) => (e.payload as { type: number }).type === AbnormalType.iotLeftSafeZone));
    const pushed = seen.filter((e) => {
      const p = e.payload as { type: number; id: number };
      return p.type === AbnormalType.iotLeftSafeZone && p.id === raised[0].id;
    });
    expect(pushed).toHaveLength(1);
    const detail = (pushed[0].payload as { detail: { lat?: string; lng?: string } }).detail;
    expect(detail.lat).toBe(raised[0].detail?.lat);
    expect(detail.lng).toBe(raised[0].detail?.lng);
  });
});

describe('member safe zone', () => {
  it('is set by a guard admin, refused with -5 on a bad radius and -7 for another organisation’s member', async () => {
    const token = await login(instance.app, 'guardadmin', DEMO_PASSWORD);
    const [guardMember] = await database.db
      .select({ id: members.id })
      .from(members)
      .innerJoin(staff, and(eq(staff.orgId, members.orgId), eq(staff.account, 'guardadmin')))
      .limit(1);
    const zone = { lat: 25.05, lng: 121.52, radius: 250 };
    const ok = await api(instance.app, token).put(`/user/safe-zone/${guardMember.id}`, { safe_zone: zone });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data).toEqual({ safe_zone: zone });
    const bad = await api(instance.app, token).put(`/user/safe-zone/${guardMember.id}`, { safe_zone: { ...zone, radius: 5 } });
    expect(bad.json().code).toBe(ErrorCode.validationFailed);
    expect(JSON.stringify(bad.json().errors)).toContain('radius');
    const [elsewhere] = await database.db
      .select({ id: members.id })
      .from(members)
      .innerJoin(staff, and(eq(staff.account, 'hoteladmin'), eq(staff.orgId, members.orgId)))
      .limit(1);
    const hidden = await api(instance.app, token).put(`/user/safe-zone/${elsewhere.id}`, { safe_zone: zone });
    expect(hidden.json().code).toBe(ErrorCode.notFound);
  });
});

describe('nursing aide', () => {
  it('may neither create nor delete members (-3)', async () => {
    const token = await login(instance.app, 'aide', DEMO_PASSWORD);
    const [member] = await database.db
      .select({ id: members.id })
      .from(members)
      .innerJoin(staff, and(eq(staff.account, 'aide'), eq(staff.orgId, members.orgId)))
      .where(eq(members.enabled, true))
      .limit(1);
    const created = await api(instance.app, token).post('/user', { name: 'New member', area_id: 1 });
    expect(created.json().code).toBe(ErrorCode.noPermission);
    const deleted = await api(instance.app, token).delete(`/user/${member.id}`);
    expect(deleted.json().code).toBe(ErrorCode.noPermission);
    // Reading the members is still theirs.
    expect((await api(instance.app, token).get('/user')).statusCode).toBe(200);
  });
});

describe('GET /handle/abnormal (hotel handling records)', () => {
  it('lists a handling with the alert it answered, in the hotel only', async () => {
    const token = await login(instance.app, 'hoteladmin', DEMO_PASSWORD);
    // A hot room: the hotel's air box reports 31 °C, which raises "temperature high" (8).
    const [airBox] = await database.db
      .select({ serial: devices.serial, orgId: devices.orgId })
      .from(devices)
      .innerJoin(staff, and(eq(staff.orgId, devices.orgId), eq(staff.account, 'hoteladmin')))
      .where(eq(devices.type, DeviceType.airBox))
      .limit(1);
    await instance.app.ingest.ingest({ kind: 'gateway', gatewayId: 0, orgId: airBox.orgId }, [
      { serial: airBox.serial, kind: 'air', source: 0, occur_time: nowS - 120, values: { temperature: 31 } },
    ]);
    const [event] = await database.db
      .select({ id: abnormalEvents.id, type: abnormalEvents.type })
      .from(abnormalEvents)
      .where(and(eq(abnormalEvents.orgId, airBox.orgId), eq(abnormalEvents.type, AbnormalType.temperatureHigh)));
    expect(event).toBeDefined();
    const handled = await api(instance.app, token).post('/handle/abnormal', { abnormal_id: event.id, content: 'Checked on the guest' });
    expect(handled.statusCode).toBe(200);
    const list = paginated(handleRecordRow).parse((await api(instance.app, token).get('/handle/abnormal', { order: 'desc', order_by: 'handle_time' })).json().data);
    expect(list.list[0]).toMatchObject({ abnormal_id: event.id, type: event.type, content: 'Checked on the guest' });
    const other = await login(instance.app, 'guardadmin', DEMO_PASSWORD);
    // Another organisation's record is not found for a security company admin (-7).
    expect((await api(instance.app, other).get(`/handle/abnormal/${list.list[0].id}`)).json().code).toBe(ErrorCode.notFound);
  });
});
