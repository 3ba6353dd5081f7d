import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { OrgType, Role, defaultApiGroup, defaultSidebar, staffRoles, type SidebarItem, type StaffRole } from '@vigil/contracts';
import { migrationsFolder, openDatabase, type Database } from './client.ts';
import { ensureRoles } from './bootstrap.ts';
import { mergeSidebar, sidebarPages, syncDefaultSidebars } from './default-sidebars.ts';
import { recordChanges, roles } from './schema/index.ts';

/*
 * The upgrade sync of stored role sidebars against a database as the current main made it: main's
 * migrations (every one before role_sidebar_defaults), main's roles rows with main's default
 * sidebars (which this version's defaults still equal) and an admin's own change; then this
 * version's migrations, and a later version's defaults that add one page and drop another.
 */

/** A migrations folder holding only the migrations before this version's. */
function mainMigrations(): string {
  const dir = mkdtempSync(join(tmpdir(), 'vigil-main-migrations-'));
  const journal = JSON.parse(readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as { entries: { tag: string }[] };
  const upTo = journal.entries.findIndex((e) => e.tag.endsWith('_role_sidebar_defaults'));
  expect(upTo).toBeGreaterThan(0);
  const entries = journal.entries.slice(0, upTo);
  mkdirSync(join(dir, 'meta'));
  writeFileSync(join(dir, 'meta', '_journal.json'), JSON.stringify({ ...journal, entries }));
  for (const e of entries) copyFileSync(join(migrationsFolder, `${e.tag}.sql`), join(dir, `${e.tag}.sql`));
  return dir;
}

const page = (key: string): SidebarItem => ({ path: `/${key}`, i18n: `menu.${key}`, type: 1, name: key, lower: [] });

/** A later version: every role's first folder gains /metrics-page; the manager loses /audit. */
function laterDefaults(role: StaffRole): SidebarItem[] {
  const tree = defaultSidebar(role).map((item) => ({ ...item, lower: [...item.lower] }));
  const folder = tree.find((item) => item.type === 0);
  if (folder) folder.lower.push(page('metrics-page'));
  else tree.push(page('metrics-page'));
  if (role !== Role.manager) return tree;
  return tree.map((item) => ({ ...item, lower: item.lower.filter((p) => p.path !== '/audit') })).filter((item) => item.path !== '/audit');
}

let database: Database;
let folder: string;

async function sidebarOf(role: StaffRole): Promise<SidebarItem[]> {
  const [row] = await database.db.select({ sidebar: roles.sidebar }).from(roles).where(eq(roles.id, role));
  return row.sidebar;
}

beforeAll(async () => {
  folder = mainMigrations();
  database = await openDatabase({ kind: 'pglite' });
  await migrate(database.db as never, { migrationsFolder: folder });
  // What main's first start wrote: an operator organisation, every role's group and its row with main's sidebar.
  await database.db.execute(sql`insert into orgs (name, type) values ('T Upgrade operators', ${OrgType.manage})`);
  for (const role of staffRoles) {
    const permissions = JSON.stringify(defaultApiGroup(role));
    const { rows } = await database.db.execute<{ id: number }>(
      sql`insert into api_groups (name, remark, permissions) values (${`default:r${role}`}, 'Default group of the role', ${permissions}::jsonb) returning id`,
    );
    await database.db.execute(sql`insert into roles (id, api_group_id, sidebar) values (${role}, ${rows[0].id}, ${JSON.stringify(defaultSidebar(role))}::jsonb)`);
  }
  // An admin's own change on main: the guard company's staff sidebar lost its last item.
  const edited = defaultSidebar(Role.guardStaff).slice(0, -1);
  await database.db.execute(sql`update roles set sidebar = ${JSON.stringify(edited)}::jsonb where id = ${Role.guardStaff}`);
  // This version's start.
  await database.migrate();
  await ensureRoles(database.db);
}, 120_000);

afterAll(async () => {
  await database?.close();
  rmSync(folder, { recursive: true, force: true });
});

describe('upgrade sync of stored role sidebars', () => {
  it("changes nothing on the first start of this version: main's sidebars are this version's defaults", async () => {
    expect(await syncDefaultSidebars(database.db)).toEqual([]);
    for (const role of staffRoles) {
      if (role !== Role.guardStaff) expect(await sidebarOf(role)).toEqual(defaultSidebar(role));
    }
  });

  it('gives every role the pages a later version adds, and drops removed ones only from sidebars at their default', async () => {
    const synced = await syncDefaultSidebars(database.db, undefined, laterDefaults);
    expect(synced.length).toBe(staffRoles.length);
    for (const role of staffRoles) {
      const pages = sidebarPages(await sidebarOf(role));
      expect(pages, `role ${role}`).toContain('/metrics-page');
      if (role !== Role.guardStaff) expect(await sidebarOf(role)).toEqual(laterDefaults(role));
    }
    expect(sidebarPages(await sidebarOf(Role.manager))).not.toContain('/audit');
  });

  it("keeps an admin's change: the removed item stays removed and the new page joins its folder", async () => {
    const guard = await sidebarOf(Role.guardStaff);
    const main = defaultSidebar(Role.guardStaff);
    const removed = sidebarPages([main[main.length - 1]]);
    for (const p of removed) if (p !== '/metrics-page') expect(sidebarPages(guard)).not.toContain(p);
    expect(sidebarPages(guard).filter((p) => p === '/metrics-page')).toHaveLength(1);
  });

  it('files each change in the record history under the operator organisation, and a second start changes nothing', async () => {
    const changes = await database.db.select().from(recordChanges).where(eq(recordChanges.resource, '/sidebar'));
    const manager = changes.find((c) => c.recordId === Role.manager);
    expect(manager?.staffId).toBeNull();
    expect(manager?.after).toMatchObject({ added: ['/metrics-page'], removed: ['/audit'] });
    expect(await syncDefaultSidebars(database.db, undefined, laterDefaults)).toEqual([]);
  });
});

describe('mergeSidebar', () => {
  const folderOf = (name: string, ...keys: string[]): SidebarItem => ({ path: '', i18n: `menu.group.${name}`, type: 0, name, lower: keys.map(page) });
  it('puts an added page into the folder of the same name the admin kept, at the end otherwise', () => {
    const baseline = [folderOf('care', 'a', 'b'), page('c')];
    const defaults = [folderOf('care', 'a', 'b', 'new'), page('c'), folderOf('extra', 'x')];
    const edited = [page('c'), folderOf('care', 'b')];
    const merged = mergeSidebar(edited, baseline, defaults);
    expect(merged.sidebar).toEqual([page('c'), folderOf('care', 'b', 'new'), folderOf('extra', 'x')]);
    expect(merged).toMatchObject({ added: ['/new', '/x'], removed: [] });
  });
});
