import { beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode, OrgType, Role } from '@vigil/contracts';
import { orgs } from '../../../db/schema/index.ts';
import { createArea, createOrg, createStaff, createWorld } from '../../../../test/fixtures.ts';
import { api, login, useTestApp } from '../../../../test/helpers.ts';
import { DEMO_PASSWORD } from '../../../demo/data.ts';

const t = useTestApp();
beforeAll(async () => {
  await createWorld(t.db);
  const hospital = await createOrg(t.db, 'T Hospital', OrgType.hospital);
  await createStaff(t.db, { account: 'thospadmin', orgId: hospital, role: Role.hospitalAdmin });
  await createStaff(t.db, { account: 'thospdoc', orgId: hospital, role: Role.hospitalDoctor });
  const [guardCo] = await t.db.insert(orgs).values({ name: 'T Guard Co', type: OrgType.care, isGuard: true }).returning({ id: orgs.id });
  const post = await createArea(t.db, guardCo.id, 'T Post');
  await createStaff(t.db, { account: 'tguardarea', orgId: guardCo.id, role: Role.guardAreaAdmin, areaId: post });
  const hotel = await createOrg(t.db, 'T Hotel', OrgType.hotel);
  const floor = await createArea(t.db, hotel, 'T Floor');
  await createStaff(t.db, { account: 'thotelarea', orgId: hotel, role: Role.hotelAreaAdmin, areaId: floor });
});

const roleIds = async (account: string, password?: string) => {
  const res = await api(t.app, await login(t.app, account, password)).get('/role', { per_page: -1 });
  expect(res.statusCode).toBe(200);
  return (res.json().data.list as { id: number }[]).map((r) => r.id);
};

describe('the role page of an organisation', () => {
  it('shows an admin only the roles of its kind of organisation that it may give its staff', async () => {
    expect(await roleIds('tadmina')).toEqual([Role.orgAdmin, Role.orgAreaAdmin, Role.orgStaff, Role.orgGuard, Role.nursingAide]);
    // An area admin ranks below the organisation admin: its own role and the staff roles.
    expect(await roleIds('tareaa1')).toEqual([Role.orgAreaAdmin, Role.orgStaff, Role.orgGuard, Role.nursingAide]);
    expect(await roleIds('thospadmin')).toEqual([Role.hospitalAdmin, Role.hospitalDoctor]);
    expect(await roleIds('tguardarea')).toEqual([Role.guardAreaAdmin, Role.guardStaff]);
    expect(await roleIds('thotelarea')).toEqual([Role.hotelAreaAdmin]);
    // The operators' "default roles" are all 18.
    expect(await roleIds('manager', DEMO_PASSWORD)).toHaveLength(18);
  });

  it('answers -7 for a role the admin may not see, and -3 to a switch of its group', async () => {
    const area = api(t.app, await login(t.app, 'tareaa1'));
    expect((await area.get(`/role/${Role.orgAreaAdmin}`)).json().data).toMatchObject({ id: Role.orgAreaAdmin, api_group_name: 'default:orgAreaAdmin' });
    expect((await area.get(`/role/${Role.orgAdmin}`)).json().code).toBe(ErrorCode.notFound);
    expect((await area.get(`/role/${Role.hospitalAdmin}`)).json().code).toBe(ErrorCode.notFound);
    const patch = await area.patch(`/role/${Role.orgStaff}`, { api_group_id: 1 });
    expect(patch.json().code).toBe(ErrorCode.noPermission);
  });

  it('gives no admin but the operators the API groups, and roles without the page -3', async () => {
    for (const account of ['tadmina', 'tareaa1', 'thospadmin']) {
      const token = await login(t.app, account);
      expect((await api(t.app, token).get('/api/group')).json().code).toBe(ErrorCode.noPermission);
      expect((await api(t.app, token).get('/api')).json().code).toBe(ErrorCode.noPermission);
    }
    for (const account of ['thospdoc', 'tstaffa', 'tpharm']) {
      expect((await api(t.app, await login(t.app, account)).get('/role')).json().code).toBe(ErrorCode.noPermission);
    }
  });
});
