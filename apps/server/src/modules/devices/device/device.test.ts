import { createHash } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { DeviceType, ErrorCode } from '@vigil/contracts';
import { deviceBindings, devices } from '../../../db/schema/index.ts';
import { createWorld, type World } from '../../../../test/fixtures.ts';
import { api, login, useTestApp } from '../../../../test/helpers.ts';

const t = useTestApp();
let world: World;
let adminA: string;
let memberId: number;

beforeAll(async () => {
  world = await createWorld(t.db);
  adminA = await login(t.app, 'tadmina');
  memberId = (await api(t.app, adminA).post('/user', { name: 'T Wearer', area_id: world.areas.areaA1 })).json().data.id;
});

describe('/device/bind', () => {
  it('registers a device and answers its key once (only the hash is stored)', async () => {
    const res = await api(t.app, adminA).post('/device/bind', { type: DeviceType.watchB10, serial: 'T-B10-1', area_id: world.areas.areaA1 });
    expect(res.statusCode).toBe(200);
    const { id, key } = res.json().data;
    const [row] = await t.db.select().from(devices).where(eq(devices.id, id));
    expect(row.keyHash).toBe(createHash('sha256').update(key).digest('hex'));
    expect((await api(t.app, adminA).get(`/device/bind/${id}`)).json().data).not.toHaveProperty('key');
    expect((await api(t.app, adminA).post('/device/bind', { type: DeviceType.watchB10, serial: 'T-B10-1' })).json().code).toBe(ErrorCode.duplicate);
    expect((await api(t.app, adminA).post('/device/bind', { type: DeviceType.watchB10, serial: 'bad serial!' })).json().code).toBe(ErrorCode.validationFailed);
    const rotated = await api(t.app, adminA).post(`/device/bind/key/${id}`);
    expect(rotated.json().data.key).not.toBe(key);
  });

  it('binds a wearable to a member once (-8 while bound), keeps history, and unbinds', async () => {
    const { id } = (await api(t.app, adminA).post('/device/bind', { type: DeviceType.watchB20, serial: 'T-B20-1' })).json().data;
    expect((await api(t.app, adminA).post(`/device/bind/${id}/bind`, { area_id: world.areas.areaA1 })).json().code).toBe(ErrorCode.validationFailed);
    const bound = await api(t.app, adminA).post(`/device/bind/${id}/bind`, { member_id: memberId });
    expect(bound.json().data.binding).toMatchObject({ member_id: memberId, member_name: 'T Wearer' });
    expect(bound.json().data.area_id).toBe(world.areas.areaA1);
    expect((await api(t.app, adminA).post(`/device/bind/${id}/bind`, { member_id: memberId })).json().code).toBe(ErrorCode.processError);
    expect((await api(t.app, adminA).delete(`/device/bind/${id}`)).json().code).toBe(ErrorCode.processError);
    expect((await api(t.app, adminA).get('/device/bind', { user_id: memberId })).json().data.total).toBe(1);
    const unbound = await api(t.app, adminA).post(`/device/bind/${id}/unbind`, {});
    expect(unbound.json().data.binding).toBeNull();
    expect((await api(t.app, adminA).post(`/device/bind/${id}/unbind`, {})).json().code).toBe(ErrorCode.processError);
    const record = await api(t.app, adminA).get(`/user/device/${memberId}`);
    expect(record.json().data).toMatchObject([{ device_id: id, serial: 'T-B20-1', unbound_at: expect.any(Number) }]);
  });

  it('binds room devices to an area of the device organisation only', async () => {
    const { id } = (await api(t.app, adminA).post('/device/bind', { type: DeviceType.airBox, serial: 'T-AIR-1' })).json().data;
    expect((await api(t.app, adminA).post(`/device/bind/${id}/bind`, { area_id: world.areas.areaB1 })).json().code).toBe(ErrorCode.notFound);
    const bound = await api(t.app, adminA).post(`/device/bind/${id}/bind`, { area_id: world.areas.areaA2 });
    expect(bound.json().data.binding).toMatchObject({ area_id: world.areas.areaA2, member_id: null });
  });

  it("hides another organisation's devices (-7)", async () => {
    const { id } = (await api(t.app, adminA).post('/device/bind', { type: DeviceType.watchB10, serial: 'T-B10-9' })).json().data;
    const adminB = await login(t.app, 'tadminb');
    // Same role, so the same (granted) pairs: the tenant guard alone keeps the device out of reach.
    expect((await api(t.app, adminB).get(`/device/bind/${id}`)).json().code).toBe(ErrorCode.notFound);
    expect((await api(t.app, adminB).post(`/device/bind/${id}/unbind`, {})).json().code).toBe(ErrorCode.notFound);
    const [other] = await t.db.insert(devices).values({ orgId: world.orgs.careB, type: DeviceType.watchB10, serial: 'T-B10-B' }).returning();
    expect((await api(t.app, adminA).get(`/device/bind/${other.id}`)).json().code).toBe(ErrorCode.notFound);
    expect((await api(t.app, adminA).get('/device/bind', { per_page: -1 })).json().data.list.every((d: { org_id: number }) => d.org_id === world.orgs.careA)).toBe(true);
  });

  it('lists and ends 4G watch bindings (/device/bind/chylyng)', async () => {
    const { id } = (await api(t.app, adminA).post('/device/bind', { type: DeviceType.chylyngWatch, serial: 'T-4G-1' })).json().data;
    await api(t.app, adminA).post(`/device/bind/${id}/bind`, { member_id: memberId });
    const list = await api(t.app, adminA).get('/device/bind/chylyng', { state: 1 });
    expect(list.json().data.list).toMatchObject([{ device_id: id, device_type: DeviceType.chylyngWatch, member_name: 'T Wearer' }]);
    const bindingId = list.json().data.list[0].id;
    expect((await api(t.app, adminA).delete(`/device/bind/chylyng/${bindingId}`)).statusCode).toBe(200);
    const [row] = await t.db.select().from(deviceBindings).where(eq(deviceBindings.id, bindingId));
    expect(row.unboundAt).toBeInstanceOf(Date);
    expect((await api(t.app, adminA).delete(`/device/bind/chylyng/${bindingId}`)).json().code).toBe(ErrorCode.notFound);
  });
});

describe('device settings', () => {
  it('reads defaults, stores settings under the keys the rules read, and refuses other device types', async () => {
    const { id } = (await api(t.app, adminA).post('/device/bind', { type: DeviceType.sleepSensor, serial: 'T-SLP-1' })).json().data;
    const first = await api(t.app, adminA).get(`/device/sleep/setting/${id}`);
    expect(first.json().data.setting.out_of_bed_minutes).toBe(30);
    const setting = { out_of_bed_minutes: 45, night_start_hour: 21, night_end_hour: 7, not_in_bed_minutes: 90, no_breath_seconds: 30, sensitivity: 4 };
    expect((await api(t.app, adminA).put(`/device/sleep/setting/${id}`, setting)).json().data.setting).toEqual(setting);
    const [row] = await t.db.select().from(devices).where(eq(devices.id, id));
    expect(row.settings).toMatchObject({ outOfBedMinutes: 45, nightStartHour: 21, notInBedMinutes: 90, noBreathSeconds: 30 });
    expect((await api(t.app, adminA).put(`/device/sleep/setting/${id}`, { ...setting, sensitivity: 9 })).json().code).toBe(ErrorCode.validationFailed);
    expect((await api(t.app, adminA).put(`/device/space/setting/${id}`, { mode: 'fall', stay_minutes: 10, intrusion_days: [], intrusion_start_hour: 0, intrusion_end_hour: 6 })).json().code).toBe(ErrorCode.notFound);
  });
});
