import { eq } from 'drizzle-orm';
import { toUnix, type PersonalDetail } from '@vigil/contracts';
import type { Db } from '../../../db/client.ts';
import { areas, orgs, staff } from '../../../db/schema/index.ts';
import { notFound } from '../../../http/errors.ts';

export type PersonalInfo = PersonalDetail & { must_change_password: boolean; must_enrol_second_factor: boolean };

/** `mustEnrolSecondFactor` is the session check's own finding (auth/guard.ts), made for this very request. */
export async function loadPersonal(db: Db, staffId: number, mustEnrolSecondFactor: boolean): Promise<PersonalInfo> {
  const [row] = await db
    .select({
      id: staff.id,
      account: staff.account,
      name: staff.name,
      headshot: staff.headshot,
      orgId: staff.orgId,
      orgName: orgs.name,
      areaId: staff.areaId,
      areaName: areas.name,
      role: staff.role,
      phone: staff.phone,
      email: staff.email,
      passwordChangedAt: staff.passwordChangedAt,
      createdAt: staff.createdAt,
      updatedAt: staff.updatedAt,
    })
    .from(staff)
    .innerJoin(orgs, eq(orgs.id, staff.orgId))
    .leftJoin(areas, eq(areas.id, staff.areaId))
    .where(eq(staff.id, staffId));
  if (!row) throw notFound();
  return {
    id: row.id,
    account: row.account,
    name: row.name,
    headshot: row.headshot,
    org_id: row.orgId,
    org_name: row.orgName,
    area_id: row.areaId,
    area_name: row.areaName,
    role: row.role,
    phone: row.phone,
    email: row.email,
    // A password nobody has chosen yet (first-start admin, accounts set up by an admin) must be replaced.
    must_change_password: row.passwordChangedAt === null,
    // An admin whose organisation (or the operator level) requires a second factor enrols first.
    must_enrol_second_factor: mustEnrolSecondFactor,
    created_at: toUnix(row.createdAt),
    updated_at: toUnix(row.updatedAt),
  };
}
