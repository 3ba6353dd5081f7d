import { beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode, OrgType } from '@vigil/contracts';
import { createOrg, createWorld, type World } from '../../../../test/fixtures.ts';
import { api, login, useTestApp } from '../../../../test/helpers.ts';
import { DEMO_PASSWORD } from '../../../demo/data.ts';

const t = useTestApp();
let world: World;
let manager: string;
let adminA: string;
beforeAll(async () => {
  world = await createWorld(t.db);
  manager = await login(t.app, 'manager', DEMO_PASSWORD);
  adminA = await login(t.app, 'tadmina');
});

describe('/org', () => {
  it('lets the operator create, filter, edit and disable organisations', async () => {
    const created = await api(t.app, manager).post('/org', { name: 'T New Clinic', type: OrgType.clinic, phone: '02-1234-5678' });
    expect(created.statusCode).toBe(200);
    const org = created.json().data;
    expect(org).toMatchObject({ name: 'T New Clinic', type: OrgType.clinic, is_guard: false, enable: true });
    const list = await api(t.app, manager).get('/org', { keyword: 'New Clinic', type: OrgType.clinic });
    expect(list.json().data.list.map((o: { id: number }) => o.id)).toEqual([org.id]);
    const edited = await api(t.app, manager).patch(`/org/${org.id}`, { name: 'T Renamed Clinic' });
    expect(edited.json().data.name).toBe('T Renamed Clinic');
    const disabled = await api(t.app, manager).patch(`/org/enable/${org.id}`, { enable: false });
    expect(disabled.json().data.enable).toBe(false);
    const onlyDisabled = await api(t.app, manager).get('/org', { enable: 0, per_page: -1 });
    expect(onlyDisabled.json().data.list.map((o: { id: number }) => o.id)).toContain(org.id);
  });

  it('answers -5 for blank names, special characters and unknown fields, -6 for a taken name', async () => {
    const blank = await api(t.app, manager).post('/org', { name: '   ', type: 1 });
    expect(blank.json()).toMatchObject({ code: ErrorCode.validationFailed, errors: [{ field: 'name', message: 'validation.notBlank' }] });
    const special = await api(t.app, manager).post('/org', { name: 'T <x>', type: 1 });
    expect(special.json().errors).toEqual([{ field: 'name', message: 'validation.specialChars' }]);
    const unknown = await api(t.app, manager).post('/org', { name: 'T X', type: 1, color: 'red' });
    expect(unknown.json().code).toBe(ErrorCode.validationFailed);
    const taken = await api(t.app, manager).post('/org', { name: 'T Care A', type: 1 });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().code).toBe(ErrorCode.duplicate);
  });

  it('shows an organisation admin only their own organisation, read-only', async () => {
    const list = await api(t.app, adminA).get('/org');
    expect(list.json().data.list.map((o: { id: number }) => o.id)).toEqual([world.orgs.careA]);
    expect((await api(t.app, adminA).get(`/org/${world.orgs.careB}`)).json().code).toBe(ErrorCode.notFound);
    expect((await api(t.app, adminA).post('/org', { name: 'T Mine', type: 1 })).json().code).toBe(ErrorCode.noPermission);
    expect((await api(t.app, adminA).patch(`/org/${world.orgs.careA}`, { name: 'T Care A2' })).json().code).toBe(ErrorCode.noPermission);
  });

  it('denies roles without the pair (-3)', async () => {
    const staff = await login(t.app, 'tstaffa');
    expect((await api(t.app, staff).get('/org')).json().code).toBe(ErrorCode.noPermission);
  });
});

describe('/org/relation', () => {
  it('links a care organisation with a serving one, refusing nonsense pairs (-5) and repeats (-6)', async () => {
    const hospital = await createOrg(t.db, 'T Hospital', OrgType.hospital);
    const made = await api(t.app, manager).post('/org/relation', { org_id: world.orgs.careB, related_org_id: hospital, grants: ['members', 'abnormal'] });
    expect(made.statusCode).toBe(200);
    expect(made.json().data).toMatchObject({ org_id: world.orgs.careB, related_org_type: OrgType.hospital, grants: ['members', 'abnormal'] });
    const again = await api(t.app, manager).post('/org/relation', { org_id: world.orgs.careB, related_org_id: hospital, grants: ['members'] });
    expect(again.json().code).toBe(ErrorCode.duplicate);
    const self = await api(t.app, manager).post('/org/relation', { org_id: world.orgs.careB, related_org_id: world.orgs.careB, grants: ['members'] });
    expect(self.json().code).toBe(ErrorCode.validationFailed);
    const careToCare = await api(t.app, manager).post('/org/relation', { org_id: world.orgs.careB, related_org_id: world.orgs.careA, grants: ['members'] });
    expect(careToCare.json().code).toBe(ErrorCode.validationFailed);
    const fromPharmacy = await api(t.app, manager).post('/org/relation', { org_id: world.orgs.pharmacy, related_org_id: hospital, grants: ['members'] });
    expect(fromPharmacy.json().code).toBe(ErrorCode.validationFailed);
    const badGrant = await api(t.app, manager).post('/org/relation', { org_id: world.orgs.careB, related_org_id: hospital, grants: ['everything'] });
    expect(badGrant.json().code).toBe(ErrorCode.validationFailed);
    const filtered = await api(t.app, manager).get('/org/relation', { org_id: world.orgs.careB, type: OrgType.hospital });
    expect(filtered.json().data.total).toBe(1);
  });

  it("lists the delivery pharmacies' areas for the care organisation and the served care areas for the pharmacy (/area/pharmacy)", async () => {
    // Care homes order medicines, so their default groups hold the pair.
    const orgadmin = await login(t.app, 'orgadmin', DEMO_PASSWORD);
    const res = await api(t.app, orgadmin).get('/area/pharmacy');
    expect(res.json().data.list.map((a: { name: string }) => a.name)).toEqual(['調劑部', '外送部']);
    const pharmstaff = await login(t.app, 'pharmstaff', DEMO_PASSWORD);
    const served = await api(t.app, pharmstaff).get('/area/pharmacy');
    expect(served.json().data.list.map((a: { org_name: string; name: string }) => `${a.org_name} ${a.name}`)).toEqual([
      '松柏長照中心 一樓 A 區',
      '松柏長照中心 二樓 B 區',
    ]);
    // The test world's care organisation A has a pharmacy without areas; care B has none related.
    expect((await api(t.app, adminA).get('/area/pharmacy')).json().data.total).toBe(0);
  });
});
