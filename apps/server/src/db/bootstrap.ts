import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { OrgType, Role, defaultApiGroup, defaultSidebar, roleLabelKey, staffRoles } from '@vigil/contracts';
import { hashPassword } from '../auth/password.ts';
import type { Db } from './client.ts';
import { apiGroups, orgs, roles, staff } from './schema/index.ts';

/**
 * Data every database needs whatever its mode: one default API group and one roles row per SPEC §6
 * role, with the sidebar derived from the role's route table. Existing rows are left as edited.
 */
export async function ensureRoles(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    for (const role of staffRoles) {
      const existing = await tx.select({ id: roles.id }).from(roles).where(eq(roles.id, role));
      if (existing.length) continue;
      const name = `default:${roleLabelKey[role].replace('enum.role.', '')}`;
      const [group] = await tx
        .insert(apiGroups)
        .values({ name, remark: 'Default group of the role', permissions: defaultApiGroup(role) })
        .onConflictDoNothing()
        .returning({ id: apiGroups.id });
      const groupId = group?.id ?? (await tx.select({ id: apiGroups.id }).from(apiGroups).where(eq(apiGroups.name, name)))[0].id;
      await tx.insert(roles).values({ id: role, apiGroupId: groupId, sidebar: defaultSidebar(role) });
    }
  });
}

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
