import { OrgType, Role, type StaffRole } from '@vigil/contracts';
import { hashPassword } from '../src/auth/password.ts';
import type { Db } from '../src/db/client.ts';
import { areas, orgRelations, orgs, staff, staffTotp } from '../src/db/schema/index.ts';
import { SecretSealer } from '../src/auth/second-factor/sealing.ts';
import { testConfig } from '../src/config.ts';
import { DEMO_TOTP_SECRET } from '../src/demo/second-factor.ts';

export const TEST_PASSWORD = 'Test1234';

// argon2 costs ~30 ms a hash; every fixture account shares one.
let passwordHash: Promise<string> | undefined;
const testHash = () => (passwordHash ??= hashPassword(TEST_PASSWORD));

export async function createOrg(db: Db, name: string, type: OrgType = OrgType.care): Promise<number> {
  const [row] = await db.insert(orgs).values({ name, type }).returning({ id: orgs.id });
  return row.id;
}

export async function createArea(db: Db, orgId: number, name: string): Promise<number> {
  const [row] = await db.insert(areas).values({ orgId, name }).returning({ id: areas.id });
  return row.id;
}

export async function createStaff(
  db: Db,
  values: { account: string; orgId: number; role: StaffRole; areaId?: number | null; enabled?: boolean },
): Promise<number> {
  const [row] = await db
    .insert(staff)
    .values({
      account: values.account,
      orgId: values.orgId,
      role: values.role,
      areaId: values.areaId ?? null,
      enabled: values.enabled ?? true,
      name: `Test ${values.account}`,
      passwordHash: await testHash(),
      passwordChangedAt: new Date(),
    })
    .returning({ id: staff.id });
  return row.id;
}

/**
 * Enrols the demo operators' authenticator for a test account, sealed with the test apps' key: the
 * operator level must have a second factor before the server answers anything else, and the tests'
 * `login` answers the second step with this secret.
 */
export async function enrolTestAuthenticator(db: Db, staffId: number): Promise<void> {
  const sealer = new SecretSealer(Buffer.from(testConfig().secondFactorKey!, 'hex'));
  await db.insert(staffTotp).values({ staffId, secret: sealer.seal(DEMO_TOTP_SECRET), confirmedAt: new Date() });
}

export type World = Awaited<ReturnType<typeof createWorld>>;

/**
 * Two care organisations (A with two areas, B with one), a pharmacy serving A, and an operator,
 * with one account per role the tests need. Names start with "T " so they never meet the demo world.
 */
export async function createWorld(db: Db) {
  const operatorOrg = await createOrg(db, 'T Operations', OrgType.manage);
  const careA = await createOrg(db, 'T Care A');
  const careB = await createOrg(db, 'T Care B');
  const pharmacy = await createOrg(db, 'T Pharmacy', OrgType.pharmacy);
  await db.insert(orgRelations).values({ orgId: careA, relatedOrgId: pharmacy, grants: ['delivery'] });
  const areaA1 = await createArea(db, careA, 'T Ward A1');
  const areaA2 = await createArea(db, careA, 'T Ward A2');
  const areaB1 = await createArea(db, careB, 'T Ward B1');
  const accounts = {
    engineer: await createStaff(db, { account: 'tengineer', orgId: operatorOrg, role: Role.engineer }),
    adminA: await createStaff(db, { account: 'tadmina', orgId: careA, role: Role.orgAdmin }),
    areaAdminA1: await createStaff(db, { account: 'tareaa1', orgId: careA, role: Role.orgAreaAdmin, areaId: areaA1 }),
    staffA: await createStaff(db, { account: 'tstaffa', orgId: careA, role: Role.orgStaff, areaId: areaA1 }),
    adminB: await createStaff(db, { account: 'tadminb', orgId: careB, role: Role.orgAdmin }),
    pharmacist: await createStaff(db, { account: 'tpharm', orgId: pharmacy, role: Role.pharmacyStaff }),
  };
  await enrolTestAuthenticator(db, accounts.engineer);
  return { orgs: { operatorOrg, careA, careB, pharmacy }, areas: { areaA1, areaA2, areaB1 }, accounts };
}
