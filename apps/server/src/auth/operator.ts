import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { OrgType, Role } from '@vigil/contracts';
import type { Db } from '../db/client.ts';
import { orgs, staff } from '../db/schema/index.ts';
import { hashPassword } from './password.ts';

/**
 * A production database with nobody in it gets one way in: the operator organisation and an
 * engineer account `admin`. Its password is ADMIN_PASSWORD or a one-time secret the caller prints
 * once; either way password_changed_at stays null so the console asks for a new one at first sign-in.
 * `secret` is set only when one was generated.
 */
export async function ensureOperator(db: Db, adminPassword: string | undefined): Promise<{ created: boolean; secret?: string }> {
  const [anyone] = await db.select({ id: staff.id }).from(staff).limit(1);
  if (anyone) return { created: false };
  // 16 base64url characters: within SPEC §5's 20-character limit, and with a letter and a digit.
  let secret = adminPassword ? undefined : generatedSecret();
  while (secret && !(/[A-Za-z]/.test(secret) && /\d/.test(secret))) secret = generatedSecret();
  const passwordHash = await hashPassword(adminPassword ?? secret!);
  await db.transaction(async (tx) => {
    const [existing] = await tx.select({ id: orgs.id }).from(orgs).where(eq(orgs.name, OPERATOR_ORG_NAME));
    const orgId =
      existing?.id ??
      (await tx.insert(orgs).values({ name: OPERATOR_ORG_NAME, type: OrgType.manage }).returning({ id: orgs.id }))[0].id;
    await tx.insert(staff).values({ orgId, role: Role.engineer, account: 'admin', passwordHash, name: 'Administrator' });
  });
  return { created: true, secret };
}

export const OPERATOR_ORG_NAME = 'Vigil operations';

function generatedSecret(): string {
  return randomBytes(12).toString('base64url').replace(/[-_]/g, 'x').slice(0, 16);
}
