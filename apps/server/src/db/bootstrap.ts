import { eq } from 'drizzle-orm';
import { defaultApiGroup, defaultSidebar, roleLabelKey, staffRoles } from '@vigil/contracts';
import type { Db } from './client.ts';
import { apiGroups, roles } from './schema/index.ts';

/**
 * Data every database needs whatever its mode: one default API group and one roles row per SPEC §6
 * role, with the sidebar derived from the role's route table. Existing rows are left as edited;
 * a new version's defaults reach existing groups and sidebars through `syncDefaultGroups`
 * (default-groups.ts) and `syncDefaultSidebars` (default-sidebars.ts).
 */
export async function ensureRoles(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    for (const role of staffRoles) {
      const existing = await tx.select({ id: roles.id }).from(roles).where(eq(roles.id, role));
      if (existing.length) continue;
      const name = `default:${roleLabelKey[role].replace('enum.role.', '')}`;
      const permissions = defaultApiGroup(role);
      const [group] = await tx
        .insert(apiGroups)
        .values({ name, remark: 'Default group of the role', permissions, defaultRole: role, defaultPermissions: permissions })
        .onConflictDoNothing()
        .returning({ id: apiGroups.id });
      const groupId = group?.id ?? (await tx.select({ id: apiGroups.id }).from(apiGroups).where(eq(apiGroups.name, name)))[0].id;
      await tx.insert(roles).values({ id: role, apiGroupId: groupId, sidebar: defaultSidebar(role), defaultSidebar: defaultSidebar(role) });
    }
  });
}
