import { beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode, MemberChangeStatus, OrgType, Role, UserChangeKind } from '@vigil/contracts';
import { memberChangeLogs, members, staffChangeLogs } from '../../../db/schema/index.ts';
import { createArea, createOrg, createStaff, createWorld, type World } from '../../../../test/fixtures.ts';
import { api, login, useTestApp } from '../../../../test/helpers.ts';

// SPEC's care-staff-like group lists both change logs: organisation staff and hospital and clinic
// doctors read them, scoped to their own organisation like every log.

const t = useTestApp();
let world: World;
const orgOf = { careA: 0, careB: 0, hospital: 0 };

async function logChanges(orgId: number, areaId: number, staffId: number, name: string) {
  const [member] = await t.db.insert(members).values({ orgId, areaId, name }).returning({ id: members.id });
  await t.db.insert(memberChangeLogs).values({ orgId, memberId: member.id, status: MemberChangeStatus.statusChanged, before: { enable: true }, after: { enable: false } });
  await t.db.insert(staffChangeLogs).values({ orgId, staffId, kind: UserChangeKind.role, before: { role: Role.orgStaff }, after: { role: Role.orgAreaAdmin } });
}

beforeAll(async () => {
  world = await createWorld(t.db);
  orgOf.careA = world.orgs.careA;
  orgOf.careB = world.orgs.careB;
  orgOf.hospital = await createOrg(t.db, 'T Hospital', OrgType.hospital);
  const ward = await createArea(t.db, orgOf.hospital, 'T Ward H1');
  const doctor = await createStaff(t.db, { account: 'tdoctor', orgId: orgOf.hospital, role: Role.hospitalDoctor, areaId: ward });
  await createStaff(t.db, { account: 'tguarda', orgId: world.orgs.careA, role: Role.orgGuard });
  await logChanges(world.orgs.careA, world.areas.areaA2, world.accounts.staffA, 'T Log Ann');
  await logChanges(world.orgs.careB, world.areas.areaB1, world.accounts.adminB, 'T Log Bo');
  await logChanges(orgOf.hospital, ward, doctor, 'T Log Cy');
});

const orgIds = (res: { json: () => { data: { list: { org_id: number }[] } } }) => new Set(res.json().data.list.map((r) => r.org_id));

describe('change logs of staff and doctors', () => {
  it("gives organisation staff and a hospital doctor their own organisation's staff and member change logs", async () => {
    for (const [account, org] of [
      ['tstaffa', orgOf.careA],
      ['tdoctor', orgOf.hospital],
    ] as const) {
      const token = await login(t.app, account);
      for (const path of ['/change/staff', '/change/user']) {
        const res = await api(t.app, token).get(path);
        expect(res.statusCode, `${account} ${path}`).toBe(200);
        expect(res.json().data.total, `${account} ${path}`).toBeGreaterThan(0);
        expect(orgIds(res), `${account} ${path}`).toEqual(new Set([org]));
      }
    }
  });

  it("answers -7 for another organisation's entry, and -3 to a role without the pages", async () => {
    const admin = await login(t.app, 'tadminb');
    const foreign = (await api(t.app, admin).get('/change/user')).json().data.list[0].id;
    expect((await api(t.app, await login(t.app, 'tstaffa')).get(`/change/user/${foreign}`)).json().code).toBe(ErrorCode.notFound);
    const guard = await login(t.app, 'tguarda');
    for (const path of ['/change/staff', '/change/user']) expect((await api(t.app, guard).get(path)).json().code).toBe(ErrorCode.noPermission);
  });
});
