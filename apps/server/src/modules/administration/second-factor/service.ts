import { and, eq, sql } from 'drizzle-orm';
import { toUnix, type SecondFactorStatus, type StaffRole } from '@vigil/contracts';
import type { Db } from '../../../db/client.ts';
import { orgs, passkeys, staff, staffTotp } from '../../../db/schema/index.ts';
import { secondFactorRequired } from '../../../auth/second-factor/factors.ts';

/** What GET /personal/second-factor answers: whether one is required and what the user has. */
export async function secondFactorStatus(db: Db, staffId: number): Promise<SecondFactorStatus> {
  const [me] = await db
    .select({ role: staff.role, orgRequires: orgs.requireSecondFactor })
    .from(staff)
    .innerJoin(orgs, eq(orgs.id, staff.orgId))
    .where(eq(staff.id, staffId));
  const [totp] = await db
    .select({ codes: sql<number>`jsonb_array_length(${staffTotp.recoveryCodeHashes})` })
    .from(staffTotp)
    .where(and(eq(staffTotp.staffId, staffId), sql`${staffTotp.confirmedAt} is not null`));
  const keys = await db
    .select({ id: passkeys.id, name: passkeys.name, createdAt: passkeys.createdAt, lastUsedAt: passkeys.lastUsedAt })
    .from(passkeys)
    .where(eq(passkeys.staffId, staffId))
    .orderBy(passkeys.createdAt);
  return {
    required: secondFactorRequired(me.role as StaffRole, me.orgRequires),
    totp: Boolean(totp),
    recovery_codes_left: Number(totp?.codes ?? 0),
    passkeys: keys.map((k) => ({
      id: k.id,
      name: k.name,
      created_at: toUnix(k.createdAt),
      last_used_at: k.lastUsedAt ? toUnix(k.lastUsedAt) : null,
    })),
  };
}
