import { beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode, Role, nowUnix } from '@vigil/contracts';
import { createWorld, type World } from '../../../../test/fixtures.ts';
import { api, login, useTestApp } from '../../../../test/helpers.ts';
import { DEMO_PASSWORD } from '../../../demo/data.ts';

const t = useTestApp();
let world: World;
let manager: string;
beforeAll(async () => {
  world = await createWorld(t.db);
  manager = await login(t.app, 'manager', DEMO_PASSWORD);
});

describe('/role and /api/group', () => {
  it('lists the 18 roles with their current group', async () => {
    const res = await api(t.app, manager).get('/role', { per_page: -1 });
    expect(res.json().data.total).toBe(18);
    expect(res.json().data.list[2]).toMatchObject({ id: Role.orgAdmin, i18n: 'enum.role.orgAdmin', org_type: 1, api_group_name: 'default:orgAdmin' });
  });

  it('refuses pairs the server does not enforce (-5) and a taken name (-6)', async () => {
    const unknown = await api(t.app, manager).post('/api/group', { name: 'T Bad', permissions: [{ route: '/nowhere', method: 'GET' }] });
    expect(unknown.json()).toMatchObject({ code: ErrorCode.validationFailed, errors: [{ field: 'permissions.0' }] });
    const taken = await api(t.app, manager).post('/api/group', { name: 'default:orgAdmin', permissions: [] });
    expect(taken.json().code).toBe(ErrorCode.duplicate);
  });

  it('applies a group switch and a group edit to the very next request of a signed-in user', async () => {
    const staff = await login(t.app, 'tstaffa');
    expect((await api(t.app, staff).get('/user')).statusCode).toBe(200);
    const group = await api(t.app, manager).post('/api/group', {
      name: 'T Minimal',
      permissions: [{ route: '/personal', method: 'GET' }],
    });
    expect(group.statusCode).toBe(200);
    const groupId = group.json().data.id;
    const original = (await api(t.app, manager).get(`/role/${Role.orgStaff}`)).json().data.api_group_id;
    expect((await api(t.app, manager).patch(`/role/${Role.orgStaff}`, { api_group_id: groupId })).statusCode).toBe(200);
    expect((await api(t.app, staff).get('/user')).json().code).toBe(ErrorCode.noPermission);
    const edited = await api(t.app, manager).put(`/api/group/${groupId}`, {
      name: 'T Minimal',
      permissions: [{ route: '/personal', method: 'GET' }, { route: '/user', method: 'GET' }],
    });
    expect(edited.json().data.role_ids).toEqual([Role.orgStaff]);
    expect((await api(t.app, staff).get('/user')).statusCode).toBe(200);
    // In use by a role: cannot be deleted.
    expect((await api(t.app, manager).delete(`/api/group/${groupId}`)).json().code).toBe(ErrorCode.processError);
    await api(t.app, manager).patch(`/role/${Role.orgStaff}`, { api_group_id: original });
    expect((await api(t.app, manager).delete(`/api/group/${groupId}`)).statusCode).toBe(200);
  });

  it('lets only operators switch groups, even with the pair', async () => {
    const adminA = await login(t.app, 'tadmina');
    expect((await api(t.app, adminA).patch(`/role/${Role.orgAdmin}`, { api_group_id: 1 })).json().code).toBe(ErrorCode.noPermission);
  });
});

describe('/temp/role', () => {
  it('adds the role group while in force and removes it when deleted', async () => {
    // /role is read by organisation admins, not by staff (who read /staff for the handover's owners).
    const staff = await login(t.app, 'tstaffa');
    expect((await api(t.app, staff).get('/role')).json().code).toBe(ErrorCode.noPermission);
    const expires = nowUnix() + 3600;
    const granted = await api(t.app, manager).post('/temp/role', { staff_id: world.accounts.staffA, role: Role.orgAdmin, expires_at: expires });
    expect(granted.statusCode).toBe(200);
    expect(granted.json().data).toMatchObject({ staff_id: world.accounts.staffA, role: Role.orgAdmin, active: true, expires_at: expires });
    expect((await api(t.app, staff).get('/role')).statusCode).toBe(200);
    expect((await api(t.app, manager).delete(`/temp/role/${granted.json().data.id}`)).statusCode).toBe(200);
    expect((await api(t.app, staff).get('/role')).json().code).toBe(ErrorCode.noPermission);
  });

  it('refuses past or too distant expiries and roles of another organisation type (-5)', async () => {
    const now = nowUnix();
    const past = await api(t.app, manager).post('/temp/role', { staff_id: world.accounts.staffA, role: Role.orgAdmin, expires_at: now - 10 });
    expect(past.json().code).toBe(ErrorCode.validationFailed);
    const far = await api(t.app, manager).post('/temp/role', { staff_id: world.accounts.staffA, role: Role.orgAdmin, expires_at: now + 91 * 86400 });
    expect(far.json().code).toBe(ErrorCode.validationFailed);
    const wrongType = await api(t.app, manager).post('/temp/role', { staff_id: world.accounts.staffA, role: Role.hotelAdmin, expires_at: now + 60 });
    expect(wrongType.json().code).toBe(ErrorCode.validationFailed);
  });
});

describe('/sidebar/role and /feature', () => {
  it('validates and stores a role sidebar, served by GET /sidebar', async () => {
    const bad = await api(t.app, manager).put(`/sidebar/role/${Role.orgStaff}`, {
      sidebar: [{ path: '/unknown', i18n: 'menu.x', type: 1, name: 'x', lower: [] }],
    });
    expect(bad.json().code).toBe(ErrorCode.validationFailed);
    const tree = [
      { path: '', i18n: 'menu.group.members', type: 0, name: 'members', lower: [{ path: '/member', i18n: 'menu.member', type: 1, name: 'member', lower: [] }] },
      { path: '/educate', i18n: 'menu.educate', type: 1, name: 'educate', lower: [] },
    ];
    expect((await api(t.app, manager).put(`/sidebar/role/${Role.orgStaff}`, { sidebar: tree })).statusCode).toBe(200);
    expect((await api(t.app, manager).get(`/sidebar/role/${Role.orgStaff}`)).json().data.sidebar).toEqual(tree);
    const staff = await login(t.app, 'tstaffa');
    expect((await api(t.app, staff).get('/sidebar')).json().data).toEqual(tree);
  });

  it("hides a switched-off feature's pages from the organisation's sidebars", async () => {
    const engineer = await login(t.app, 'tengineer');
    const put = await api(t.app, engineer).put(`/feature/${world.orgs.careA}`, { features: { care: false } });
    expect(put.json().data.features).toMatchObject({ care: false, vitals: true });
    expect((await api(t.app, engineer).get('/feature', { org_id: world.orgs.careA })).json().data.features.care).toBe(false);
    const staff = await login(t.app, 'tstaffa');
    expect((await api(t.app, staff).get('/sidebar')).json().data.map((i: { name: string }) => i.name)).toEqual(['members']);
    const signIn = await api(t.app).post('/login', { account: 'tstaffa', password: 'Test1234' });
    expect(signIn.json().data.sidebar.map((i: { name: string }) => i.name)).toEqual(['members']);
    expect((await api(t.app, engineer).put(`/feature/${world.orgs.careA}`, { features: { teleport: true } })).json().code).toBe(ErrorCode.validationFailed);
  });
});
