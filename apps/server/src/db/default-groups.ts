import { asc, eq, isNotNull } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { OrgType, defaultApiGroup, permissionKey, type ApiPermission, type StaffRole } from '@vigil/contracts';
import type { Db, Tx } from './client.ts';
import { apiGroups, orgs, recordChanges } from './schema/index.ts';

/** What one start changed in one default group. */
export type GroupSync = { groupId: number; name: string; role: number; added: string[]; removed: string[] };

const keyOf = (p: ApiPermission) => permissionKey(p.method, p.route);
const keys = (pairs: readonly ApiPermission[]) => new Set(pairs.map(keyOf));

/**
 * How a stored default group takes a new version's defaults: against the defaults it last took
 * (`baseline`), the pairs the version adds are added whatever an admin did to the group, and the
 * pairs it removes are removed only when the group still holds exactly its baseline, so an admin's
 * own choices are never undone. Answers the new pairs, or null when the group is left as it is.
 */
export function mergeDefaults(
  stored: readonly ApiPermission[],
  baseline: readonly ApiPermission[],
  defaults: readonly ApiPermission[],
): { permissions: ApiPermission[]; added: string[]; removed: string[] } {
  const had = keys(stored);
  const before = keys(baseline);
  const now = keys(defaults);
  const atDefault = had.size === before.size && [...had].every((k) => before.has(k));
  const added = defaults.filter((p) => !before.has(keyOf(p)) && !had.has(keyOf(p)));
  const dropped = atDefault ? new Set([...before].filter((k) => !now.has(k) && had.has(k))) : new Set<string>();
  return {
    permissions: [...stored.filter((p) => !dropped.has(keyOf(p))), ...added],
    added: added.map(keyOf),
    removed: [...dropped],
  };
}

/** The organisation an operator-level change is filed under: the first operator organisation. */
async function operatorOrg(tx: Tx): Promise<number | undefined> {
  const [row] = await tx.select({ id: orgs.id }).from(orgs).where(eq(orgs.type, OrgType.manage)).orderBy(asc(orgs.id)).limit(1);
  return row?.id;
}

/**
 * The upgrade sync of stored API groups (issue 30 item 2), run on every start after the
 * migrations: each role's default group takes the pairs this version's defaults add and, while an
 * admin has not changed it, loses the pairs they remove. Each change is logged and kept in the
 * record history (GET /change/record?resource=/api/group, under the operator organisation, by no
 * staff member); a start with nothing new changes nothing.
 */
export async function syncDefaultGroups(db: Db, log?: FastifyBaseLogger): Promise<GroupSync[]> {
  return db.transaction(async (tx) => {
    const groups = await tx.select().from(apiGroups).where(isNotNull(apiGroups.defaultRole)).orderBy(asc(apiGroups.id));
    const done: GroupSync[] = [];
    for (const group of groups) {
      const role = group.defaultRole as StaffRole;
      const defaults = defaultApiGroup(role);
      const baseline = group.defaultPermissions ?? group.permissions;
      const merged = mergeDefaults(group.permissions, baseline, defaults);
      const baselineMoved = keys(baseline).size !== keys(defaults).size || defaults.some((p) => !keys(baseline).has(keyOf(p)));
      if (!baselineMoved) continue;
      await tx
        .update(apiGroups)
        .set({ permissions: merged.permissions, defaultPermissions: defaults, updatedAt: new Date() })
        .where(eq(apiGroups.id, group.id));
      if (!merged.added.length && !merged.removed.length) continue;
      const change = { groupId: group.id, name: group.name, role, added: merged.added, removed: merged.removed };
      done.push(change);
      log?.info(change, 'default API group updated to this version');
      const orgId = await operatorOrg(tx);
      if (orgId === undefined) continue;
      await tx.insert(recordChanges).values({
        orgId,
        resource: '/api/group',
        recordId: group.id,
        action: 'update',
        before: { id: group.id, name: group.name, permissions: group.permissions },
        after: { id: group.id, name: group.name, permissions: merged.permissions, added: merged.added, removed: merged.removed },
        staffId: null,
      });
    }
    return done;
  });
}
