import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ErrorCode, Role, UserChangeKind } from '@vigil/contracts';
import { staffChangeLogs } from '../../../db/schema/index.ts';
import { createWorld, type World } from '../../../../test/fixtures.ts';
import { api, login, useTestApp } from '../../../../test/helpers.ts';

const t = useTestApp();
let world: World;
let adminA: string;
beforeAll(async () => {
  world = await createWorld(t.db);
  adminA = await login(t.app, 'tadmina');
});

const newStaff = (over: Record<string, unknown> = {}) => ({
  account: 'tnurse1',
  password: 'Nurse1234',
  name: 'Nurse One',
  role: Role.orgStaff,
  ...over,
});

describe('/staff', () => {
  it('creates an account that can sign in, and lists it', async () => {
    const res = await api(t.app, adminA).post('/staff', newStaff({ area_id: world.areas.areaA1 }));
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ account: 'tnurse1', org_id: world.orgs.careA, area_id: world.areas.areaA1, area_name: 'T Ward A1', enable: true });
    expect(res.json().data).not.toHaveProperty('password');
    await login(t.app, 'tnurse1', 'Nurse1234');
    const list = await api(t.app, adminA).get('/staff', { keyword: 'tnurse', role_id: Role.orgStaff });
    expect(list.json().data.total).toBe(1);
  });

  it('refuses a taken account whatever its case (-6) and SPEC §5 violations (-5)', async () => {
    expect((await api(t.app, adminA).post('/staff', newStaff({ account: 'TNURSE1' }))).json().code).toBe(ErrorCode.duplicate);
    const bad = await api(t.app, adminA).post('/staff', newStaff({ account: 'a/b', name: '  ', password: 'short' }));
    expect(bad.json().code).toBe(ErrorCode.validationFailed);
    expect(new Set(bad.json().errors.map((e: { field: string }) => e.field))).toEqual(new Set(['account', 'name', 'password']));
    expect((await api(t.app, adminA).post('/staff', { ...newStaff({ account: 'tx1' }), salary: 1 })).json().code).toBe(ErrorCode.validationFailed);
  });

  it('limits roles to the organisation type, needs an area for area roles, and blocks escalation', async () => {
    const pharmacyRole = await api(t.app, adminA).post('/staff', newStaff({ account: 'tx2', role: Role.pharmacyStaff }));
    expect(pharmacyRole.json()).toMatchObject({ code: ErrorCode.validationFailed, errors: [{ field: 'role' }] });
    const guardRole = await api(t.app, adminA).post('/staff', newStaff({ account: 'tx3', role: Role.guardStaff }));
    expect(guardRole.json().code).toBe(ErrorCode.validationFailed);
    const operatorRole = await api(t.app, adminA).post('/staff', newStaff({ account: 'tx4', role: Role.manager }));
    expect(operatorRole.json().code).toBe(ErrorCode.validationFailed);
    const noArea = await api(t.app, adminA).post('/staff', newStaff({ account: 'tx5', role: Role.orgAreaAdmin }));
    expect(noArea.json()).toMatchObject({ code: ErrorCode.validationFailed, errors: [{ field: 'area_id' }] });
    const otherArea = await api(t.app, adminA).post('/staff', newStaff({ account: 'tx6', area_id: world.areas.areaB1 }));
    expect(otherArea.json().code).toBe(ErrorCode.notFound);
    const areaAdmin = await login(t.app, 'tareaa1');
    const escalate = await api(t.app, areaAdmin).post('/staff', newStaff({ account: 'tx7', role: Role.orgAdmin }));
    expect(escalate.json().code).toBe(ErrorCode.noPermission);
    const otherOrg = await api(t.app, adminA).post('/staff', newStaff({ account: 'tx8', org_id: world.orgs.careB }));
    expect(otherOrg.json().code).toBe(ErrorCode.noPermission);
  });

  it("keeps area admins to their area and admins to their organisation (-7 elsewhere)", async () => {
    const areaAdmin = await login(t.app, 'tareaa1');
    const mine = await api(t.app, areaAdmin).get('/staff', { per_page: -1 });
    expect(mine.json().data.list.every((s: { area_id: number }) => s.area_id === world.areas.areaA1)).toBe(true);
    expect((await api(t.app, areaAdmin).get(`/staff/${world.accounts.adminA}`)).json().code).toBe(ErrorCode.notFound);
    expect((await api(t.app, adminA).get(`/staff/${world.accounts.adminB}`)).json().code).toBe(ErrorCode.notFound);
    expect((await api(t.app, adminA).patch(`/staff/${world.accounts.adminB}`, { name: 'X' })).json().code).toBe(ErrorCode.notFound);
  });

  it('logs role and area changes with operator, before and after, in the same transaction', async () => {
    const id = world.accounts.staffA;
    const res = await api(t.app, adminA).patch(`/staff/${id}`, { role: Role.nursingAide, area_id: world.areas.areaA2 });
    expect(res.statusCode).toBe(200);
    const logs = await t.db.select().from(staffChangeLogs).where(eq(staffChangeLogs.staffId, id));
    expect(logs.map((l) => l.kind).sort()).toEqual([UserChangeKind.role, UserChangeKind.area]);
    expect(logs.find((l) => l.kind === UserChangeKind.role)).toMatchObject({
      operatorId: world.accounts.adminA,
      before: { role: Role.orgStaff },
      after: { role: Role.nursingAide },
    });
    // A change that fails leaves no log.
    const failed = await api(t.app, adminA).patch(`/staff/${id}`, { role: Role.orgAreaAdmin, area_id: null });
    expect(failed.json().code).toBe(ErrorCode.validationFailed);
    expect(await t.db.select().from(staffChangeLogs).where(eq(staffChangeLogs.staffId, id))).toHaveLength(2);
    const listed = await api(t.app, adminA).get('/change/staff', { user_id: id, type: UserChangeKind.area });
    expect(listed.json().data.list).toMatchObject([{ kind: UserChangeKind.area, after: { area_id: world.areas.areaA2, area_name: 'T Ward A2' } }]);
  });

  it('signs a disabled account out at once and logs it', async () => {
    await api(t.app, adminA).post('/staff', newStaff({ account: 'tleaver' }));
    const token = await login(t.app, 'tleaver', 'Nurse1234');
    expect((await api(t.app, token).get('/personal')).statusCode).toBe(200);
    const [{ id }] = (await api(t.app, adminA).get('/staff', { keyword: 'tleaver' })).json().data.list;
    const off = await api(t.app, adminA).patch(`/staff/enable/${id}`, { enable: false });
    expect(off.json().data.enable).toBe(false);
    expect((await api(t.app, token).get('/personal')).json().code).toBe(ErrorCode.tokenExpired);
    await api(t.app, adminA).patch(`/staff/enable/${id}`, { enable: true });
    // Re-enabling does not bring the old session back.
    expect((await api(t.app, token).get('/personal')).json().code).toBe(ErrorCode.tokenExpired);
    const logs = await t.db.select().from(staffChangeLogs).where(eq(staffChangeLogs.staffId, id));
    expect(logs.map((l) => l.after)).toEqual([{ enable: false }, { enable: true }]);
    expect((await api(t.app, adminA).patch(`/staff/enable/${world.accounts.adminA}`, { enable: false })).json().code).toBe(ErrorCode.processError);
  });

  it('resets a password: the old one and its sessions stop working', async () => {
    await api(t.app, adminA).post('/staff', newStaff({ account: 'treset' }));
    const token = await login(t.app, 'treset', 'Nurse1234');
    const [{ id }] = (await api(t.app, adminA).get('/staff', { keyword: 'treset' })).json().data.list;
    const mismatch = await api(t.app, adminA).patch(`/staff/password/${id}`, { password: 'Fresh1234', confirm_password: 'Other1234' });
    expect(mismatch.json().code).toBe(ErrorCode.validationFailed);
    const res = await api(t.app, adminA).patch(`/staff/password/${id}`, { password: 'Fresh1234', confirm_password: 'Fresh1234' });
    expect(res.statusCode).toBe(200);
    expect((await api(t.app, token).get('/personal')).json().code).toBe(ErrorCode.tokenExpired);
    const fresh = await login(t.app, 'treset', 'Fresh1234');
    // The replaced password joined the history: its owner cannot go back to it.
    const back = await api(t.app, fresh).put('/personal/password', { old_password: 'Fresh1234', new_password: 'Nurse1234', confirm_password: 'Nurse1234' });
    expect(back.json()).toMatchObject({ code: ErrorCode.validationFailed, errors: [{ field: 'new_password', message: 'validation.passwordReused' }] });
    expect((await api(t.app, adminA).patch(`/staff/password/${world.accounts.adminB}`, { password: 'Fresh1234', confirm_password: 'Fresh1234' })).json().code).toBe(ErrorCode.notFound);
  });
});
