import { asc, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { OrgType, defaultSidebar, isStaffRole, type SidebarItem, type StaffRole } from '@vigil/contracts';
import type { Db, Tx } from './client.ts';
import { orgs, recordChanges, roles } from './schema/index.ts';

/** What one start changed in one role's stored sidebar. */
export type SidebarSync = { role: number; added: string[]; removed: string[] };

/** The page paths of a sidebar tree, in order. */
export function sidebarPages(items: readonly SidebarItem[]): string[] {
  return items.flatMap((item) => (item.type === 1 ? [item.path] : sidebarPages(item.lower)));
}

const sameTree = (a: readonly SidebarItem[], b: readonly SidebarItem[]) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Puts the pages a version adds into an edited sidebar where the new default has them: into the
 * stored folder of the same name when the admin kept it, else as the default's top-level item
 * (a page, or its folder holding only the new pages) at the end.
 */
function insertPages(stored: readonly SidebarItem[], defaults: readonly SidebarItem[], added: ReadonlySet<string>): SidebarItem[] {
  const result = stored.map((item) => ({ ...item, lower: [...item.lower] }));
  for (const item of defaults) {
    if (item.type === 1) {
      if (added.has(item.path)) result.push(item);
      continue;
    }
    const fresh = item.lower.filter((p) => added.has(p.path));
    if (!fresh.length) continue;
    const folder = result.find((r) => r.type === 0 && r.name === item.name);
    if (folder) folder.lower.push(...fresh);
    else result.push({ ...item, lower: fresh });
  }
  return result;
}

/**
 * How a stored role sidebar takes a new version's default, against the default it last took
 * (`baseline`): a sidebar still exactly at its baseline becomes the new default (pages added and
 * removed); an edited one only gains the pages the version adds and the admin never had, so an
 * admin's order, folders and removals are kept.
 */
export function mergeSidebar(
  stored: readonly SidebarItem[],
  baseline: readonly SidebarItem[],
  defaults: readonly SidebarItem[],
): { sidebar: SidebarItem[]; added: string[]; removed: string[] } {
  const had = new Set(sidebarPages(stored));
  const before = new Set(sidebarPages(baseline));
  const now = sidebarPages(defaults);
  if (sameTree(stored, baseline)) {
    return {
      sidebar: [...defaults],
      added: now.filter((p) => !had.has(p)),
      removed: [...had].filter((p) => !now.includes(p)),
    };
  }
  const added = now.filter((p) => !before.has(p) && !had.has(p));
  return { sidebar: insertPages(stored, defaults, new Set(added)), added, removed: [] };
}

/** The organisation an operator-level change is filed under: the first operator organisation. */
async function operatorOrg(tx: Tx): Promise<number | undefined> {
  const [row] = await tx.select({ id: orgs.id }).from(orgs).where(eq(orgs.type, OrgType.manage)).orderBy(asc(orgs.id)).limit(1);
  return row?.id;
}

/**
 * The upgrade sync of stored role sidebars, run on every start beside the API groups' sync
 * (default-groups.ts): each role's sidebar gets the pages this version's default adds and, while
 * an admin has not changed it, loses the ones it drops. Each change is logged and kept in the
 * record history (GET /change/record?resource=/sidebar, under the operator organisation, by no staff
 * member); a start with nothing new changes nothing.
 */
export async function syncDefaultSidebars(
  db: Db,
  log?: FastifyBaseLogger,
  /** This version's default sidebar of a role; a test passes a later version's. */
  defaultsOf: (role: StaffRole) => SidebarItem[] = defaultSidebar,
): Promise<SidebarSync[]> {
  return db.transaction(async (tx) => {
    const rows = await tx.select().from(roles).orderBy(asc(roles.id));
    const orgId = await operatorOrg(tx);
    const done: SidebarSync[] = [];
    for (const row of rows) {
      if (!isStaffRole(row.id)) continue;
      const defaults = defaultsOf(row.id as StaffRole);
      const baseline = row.defaultSidebar ?? row.sidebar;
      if (sameTree(baseline, defaults)) continue;
      const merged = mergeSidebar(row.sidebar, baseline, defaults);
      await tx.update(roles).set({ sidebar: merged.sidebar, defaultSidebar: defaults, updatedAt: new Date() }).where(eq(roles.id, row.id));
      if (!merged.added.length && !merged.removed.length) continue;
      const change = { role: row.id, added: merged.added, removed: merged.removed };
      done.push(change);
      log?.info(change, 'role sidebar updated to this version');
      if (orgId === undefined) continue;
      await tx.insert(recordChanges).values({
        orgId,
        resource: '/sidebar',
        recordId: row.id,
        action: 'update',
        before: { id: row.id, sidebar: row.sidebar },
        after: { id: row.id, sidebar: merged.sidebar, added: merged.added, removed: merged.removed },
        staffId: null,
      });
    }
    return done;
  });
}
