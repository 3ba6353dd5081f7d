import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ErrorCode, OrgType, Role } from '@vigil/contracts';
import { members, orgRelations } from '../db/schema/index.ts';
import { api, login, useTestApp } from '../../test/helpers.ts';
import { createOrg, createStaff } from '../../test/fixtures.ts';

/*
 * The least-privilege defaults of docs/permissions.md, as the people concerned meet them: a guard
 * watches and sets safe zones but does not administer members; a doctor of a related hospital is
 * offered only the members whose records it may write.
 */

const t = useTestApp();

async function setup() {
  const home = await createOrg(t.db, 'T LP Care home');
  const hospital = await createOrg(t.db, 'T LP Hospital', OrgType.hospital);
  await t.db.insert(orgRelations).values({ orgId: home, relatedOrgId: hospital, grants: ['members'] });
  const [resident] = await t.db.insert(members).values({ orgId: home, name: 'T LP Resident' }).returning({ id: members.id });
  const [patient] = await t.db.insert(members).values({ orgId: hospital, name: 'T LP Patient' }).returning({ id: members.id });
  await createStaff(t.db, { account: 'tlpguard', orgId: home, role: Role.orgGuard });
  await createStaff(t.db, { account: 'tlpguardstaff', orgId: home, role: Role.guardStaff });
  await createStaff(t.db, { account: 'tlpdoctor', orgId: hospital, role: Role.hospitalDoctor });
  return { resident: resident.id, patient: patient.id };
}

describe('least-privilege defaults', () => {
  it('guards read members and set safe zones, but creating, changing or removing a member is -3', async () => {
    const { resident } = await setup();
    for (const account of ['tlpguard', 'tlpguardstaff']) {
      const as = api(t.app, await login(t.app, account));
      expect((await as.get('/user')).statusCode).toBe(200);
      for (const path of ['/user', '/user-system/user']) {
        const created = await as.post(path, { name: 'T LP Intruder' });
        expect(created.json().code, `${account} POST ${path}`).toBe(ErrorCode.noPermission);
        for (const res of [
          await as.put(`${path}/${resident}`, { name: 'T LP Renamed' }),
          await as.patch(`${path}/${resident}`, { name: 'T LP Renamed' }),
          await as.delete(`${path}/${resident}`),
        ]) {
          expect(res.json().code, `${account} ${res.body}`).toBe(ErrorCode.noPermission);
        }
      }
    }
    // Safe zones are set on the device-state page, which the guard company's staff have.
    const guard = api(t.app, await login(t.app, 'tlpguardstaff'));
    const zone = await guard.put(`/user/safe-zone/${resident}`, { safe_zone: { lat: 25.03, lng: 121.56, radius: 200 } });
    expect(zone.statusCode, zone.body).toBe(200);
    const [row] = await t.db.select({ name: members.name }).from(members).where(eq(members.id, resident));
    expect(row.name).toBe('T LP Resident');
  });

  it("a hospital doctor's member picker lists only the hospital's own members; the related home's stay readable", async () => {
    const doctor = api(t.app, await login(t.app, 'tlpdoctor'));
    const names = async (query: Record<string, number>) =>
      ((await doctor.get('/user', { per_page: -1, keyword: 'T LP', ...query })).json().data.list as { name: string }[]).map((m) => m.name).sort();
    expect(await names({})).toEqual(['T LP Patient', 'T LP Resident']);
    expect(await names({ writable: 1 })).toEqual(['T LP Patient']);
    const bad = await doctor.get('/user', { writable: 2 });
    expect(bad.json().code).toBe(ErrorCode.validationFailed);
  });
});
