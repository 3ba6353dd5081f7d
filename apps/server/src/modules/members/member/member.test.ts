import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { DeviceType, ErrorCode, MedicalState, MemberChangeStatus, StandardKind } from '@vigil/contracts';
import { deviceBindings, devices, memberChangeLogs, medicalStateLogs, members, staff } from '../../../db/schema/index.ts';
import { addMonitoredMember } from '../../../ingest/fixtures.ts';
import { ORG_MOVE_UNBIND_REMARK } from './service.ts';
import { createWorld, type World } from '../../../../test/fixtures.ts';
import { api, login, useTestApp } from '../../../../test/helpers.ts';

const t = useTestApp();
let world: World;
let adminA: string;
let memberId: number;
beforeAll(async () => {
  world = await createWorld(t.db);
  adminA = await login(t.app, 'tadmina');
  const res = await api(t.app, adminA).post('/user', { name: 'T Member One', room: '101', area_id: world.areas.areaA1, id_number: 'A123456789' });
  memberId = res.json().data.id;
});

describe('/user', () => {
  it('creates and searches members by keyword, area, medical state and enable', async () => {
    const list = await api(t.app, adminA).get('/user', { keyword: '101', area_id: world.areas.areaA1, state: MedicalState.nursingHome, enable: 1 });
    expect(list.json().data.list.map((m: { id: number }) => m.id)).toEqual([memberId]);
    expect((await api(t.app, adminA).get('/user', { keyword: 'A12345' })).json().data.total).toBe(1);
  });

  it('serves /user-system/user as the same service, granted with the members page', async () => {
    expect((await api(t.app, adminA).get('/user-system/user', { keyword: 'A12345' })).json().data.total).toBe(1);
    const staff = await login(t.app, 'tstaffa');
    expect((await api(t.app, staff).post('/user-system/user', { name: 'T Nobody' })).statusCode).toBe(200);
  });

  it('answers -5 for blank or special-character names and unknown fields, -6 for a repeated id number', async () => {
    expect((await api(t.app, adminA).post('/user', { name: ' ' })).json().errors).toEqual([{ field: 'name', message: 'validation.notBlank' }]);
    expect((await api(t.app, adminA).post('/user', { name: 'T "x"' })).json().errors).toEqual([{ field: 'name', message: 'validation.specialChars' }]);
    expect((await api(t.app, adminA).post('/user', { name: 'T X', medical_state: 42 })).json().code).toBe(ErrorCode.validationFailed);
    expect((await api(t.app, adminA).post('/user', { name: 'T X', nickname: 'x' })).json().code).toBe(ErrorCode.validationFailed);
    expect((await api(t.app, adminA).post('/user', { name: 'T Twin', id_number: 'A123456789' })).json().code).toBe(ErrorCode.duplicate);
  });

  it('isolates organisations (-7) and area admins (-7 outside their area)', async () => {
    const adminB = await login(t.app, 'tadminb');
    expect((await api(t.app, adminB).get(`/user/${memberId}`)).json().code).toBe(ErrorCode.notFound);
    expect((await api(t.app, adminB).patch(`/user/${memberId}`, { name: 'X' })).json().code).toBe(ErrorCode.notFound);
    const areaAdmin = await login(t.app, 'tareaa1');
    const other = await api(t.app, adminA).post('/user', { name: 'T Member A2', area_id: world.areas.areaA2 });
    expect((await api(t.app, areaAdmin).get(`/user/${other.json().data.id}`)).json().code).toBe(ErrorCode.notFound);
    const created = await api(t.app, areaAdmin).post('/user', { name: 'T By Area Admin' });
    expect(created.json().data.area_id).toBe(world.areas.areaA1);
    expect((await api(t.app, areaAdmin).post('/user', { name: 'T Elsewhere', area_id: world.areas.areaA2 })).json().code).toBe(ErrorCode.noPermission);
  });

  it('writes the medical-state log with the change, and lists it', async () => {
    const res = await api(t.app, adminA).patch(`/user/state/${memberId}`, { medical_state: MedicalState.hospitalized, remark: 'Ward 7' });
    expect(res.json().data.medical_state).toBe(MedicalState.hospitalized);
    const logs = await t.db.select().from(medicalStateLogs).where(eq(medicalStateLogs.memberId, memberId));
    expect(logs).toMatchObject([{ previousState: MedicalState.nursingHome, state: MedicalState.hospitalized, operatorId: world.accounts.adminA }]);
    const listed = await api(t.app, adminA).get('/medical/user', { user_id: memberId });
    expect(listed.json().data.list).toMatchObject([{ member_name: 'T Member One', state: MedicalState.hospitalized, remark: 'Ward 7' }]);
  });

  it('toggles follow', async () => {
    const on = await api(t.app, adminA).patch(`/user/follow/${memberId}`, {});
    expect(on.json().data.is_follow).toBe(true);
    const set = await api(t.app, adminA).patch(`/user/follow/${memberId}`, { is_follow: true });
    expect(set.json().data.is_follow).toBe(true);
  });

  it('logs area moves and enable changes in the member change log; a failed move logs nothing', async () => {
    await api(t.app, adminA).patch(`/user/${memberId}`, { area_id: world.areas.areaA2 });
    await api(t.app, adminA).patch(`/user/enable/${memberId}`, { enable: false });
    const failed = await api(t.app, adminA).patch(`/user/${memberId}`, { area_id: world.areas.areaB1 });
    expect(failed.json().code).toBe(ErrorCode.notFound);
    const moveOrg = await api(t.app, adminA).patch(`/user/${memberId}`, { org_id: world.orgs.careB });
    expect(moveOrg.json().code).toBe(ErrorCode.noPermission);
    const logs = await t.db.select().from(memberChangeLogs).where(eq(memberChangeLogs.memberId, memberId));
    expect(logs.map((l) => l.status)).toEqual([MemberChangeStatus.areaChanged, MemberChangeStatus.statusChanged]);
    expect(logs[0]).toMatchObject({ before: { area_id: world.areas.areaA1 }, after: { area_id: world.areas.areaA2, area_name: 'T Ward A2' } });
    const listed = await api(t.app, adminA).get('/change/user', { user_id: memberId, type: MemberChangeStatus.statusChanged });
    expect(listed.json().data.list).toMatchObject([{ after: { enable: false } }]);
  });

  it('lets the operator move a member to another organisation (organisation changed)', async () => {
    const manager = await login(t.app, 'manager', 'Demo1234');
    const created = await api(t.app, adminA).post('/user', { name: 'T Mover', area_id: world.areas.areaA1 });
    const id = created.json().data.id;
    const moved = await api(t.app, manager).patch(`/user/${id}`, { org_id: world.orgs.careB });
    expect(moved.json().data).toMatchObject({ org_id: world.orgs.careB, area_id: null });
    const [log] = await t.db.select().from(memberChangeLogs).where(eq(memberChangeLogs.memberId, id));
    expect(log).toMatchObject({ orgId: world.orgs.careA, status: MemberChangeStatus.orgChanged, after: { org_id: world.orgs.careB } });
  });

  it('unbinds the member\'s devices when they move to another organisation, in the binding history', async () => {
    const manager = await login(t.app, 'manager', 'Demo1234');
    const { member, device } = await addMonitoredMember(t.db, world.orgs.careA, world.areas.areaA1, 'T Wearer', DeviceType.watchB10);
    // An older, already ended binding keeps its own end and remark.
    const [old] = await t.db
      .insert(deviceBindings)
      .values({ deviceId: device.id, memberId: member.id, boundAt: new Date(Date.now() - 90 * 86400_000), unboundAt: new Date(Date.now() - 60 * 86400_000), remark: 'Loaner' })
      .returning();
    const service = t.app.ingest;
    expect((await service.directory.load([device.serial])).get(device.serial)?.bindings.at(-1)?.to).toBeNull();

    const moved = await api(t.app, manager).patch(`/user/${member.id}`, { org_id: world.orgs.careB });
    expect(moved.json().data.org_id).toBe(world.orgs.careB);

    const bindings = await t.db.select().from(deviceBindings).where(eq(deviceBindings.deviceId, device.id)).orderBy(deviceBindings.boundAt);
    expect(bindings).toHaveLength(2);
    expect(bindings[0]).toMatchObject({ id: old.id, remark: 'Loaner' });
    expect(bindings[1].unboundAt).toBeInstanceOf(Date);
    const [mover] = await t.db.select({ id: staff.id }).from(staff).where(eq(staff.account, 'manager'));
    expect(bindings[1]).toMatchObject({ memberId: member.id, unboundBy: mover.id, remark: ORG_MOVE_UNBIND_REMARK });
    // The device stays with its organisation, unbound and free to bind again there.
    const [row] = await t.db.select().from(devices).where(eq(devices.id, device.id));
    expect(row.orgId).toBe(world.orgs.careA);
    const listed = (await api(t.app, adminA).get(`/device/bind/${device.id}`)).json().data;
    expect(listed.binding).toBeNull();
    // Ingestion sees the end of the binding at once: a reading after the move is no longer the member's.
    expect((await service.directory.load([device.serial])).get(device.serial)?.bindings.at(-1)?.to).not.toBeNull();
  });

  it('keeps bindings when a member only changes area', async () => {
    const { member, device } = await addMonitoredMember(t.db, world.orgs.careA, world.areas.areaA1, 'T Stayer', DeviceType.watchB10);
    expect((await api(t.app, adminA).patch(`/user/${member.id}`, { area_id: world.areas.areaA2 })).statusCode).toBe(200);
    const [binding] = await t.db.select().from(deviceBindings).where(eq(deviceBindings.deviceId, device.id));
    expect(binding.unboundAt).toBeNull();
  });

  it('removes a member softly (removed_at), logs it and hides them', async () => {
    const created = await api(t.app, adminA).post('/user', { name: 'T Leaving' });
    const id = created.json().data.id;
    expect((await api(t.app, adminA).delete(`/user/${id}`)).statusCode).toBe(200);
    const [row] = await t.db.select().from(members).where(eq(members.id, id));
    expect(row.removedAt).toBeInstanceOf(Date);
    expect((await api(t.app, adminA).get(`/user/${id}`)).json().code).toBe(ErrorCode.notFound);
    const logs = await t.db.select().from(memberChangeLogs).where(eq(memberChangeLogs.memberId, id));
    expect(logs).toMatchObject([{ status: MemberChangeStatus.removed, after: { removed: true } }]);
  });
});

describe('/user/standard', () => {
  it('shows the 13 kinds from SPEC defaults, organisation defaults and member overrides', async () => {
    const first = await api(t.app, adminA).get(`/user/standard/${memberId}`);
    expect(first.json().data.list).toHaveLength(13);
    expect(first.json().data.list[0]).toEqual({ kind: 0, min: 45, max: 150, over_max: null, source: 'default', overridden: false });
    const org = await api(t.app, adminA).put('/user/standard/org', { standards: [{ kind: StandardKind.instantHeartRate, min: 50, max: 140 }] });
    expect(org.json().data.list[0]).toMatchObject({ min: 50, max: 140, source: 'org', overridden: true });
    const own = await api(t.app, adminA).put(`/user/standard/${memberId}`, { standards: [{ kind: StandardKind.instantHeartRate, min: 40, max: 120 }] });
    expect(own.json().data.list[0]).toMatchObject({ min: 40, max: 120, source: 'member', overridden: true });
    const reset = await api(t.app, adminA).put(`/user/standard/${memberId}`, { reset: [StandardKind.instantHeartRate] });
    expect(reset.json().data.list[0]).toMatchObject({ min: 50, max: 140, source: 'org', overridden: false });
    const bad = await api(t.app, adminA).put(`/user/standard/${memberId}`, { standards: [{ kind: 0, min: 100, max: 50 }] });
    expect(bad.json().code).toBe(ErrorCode.validationFailed);
  });
});
