import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { OrgType, Role, defaultApiGroup, permissionKey, staffRoles, type ApiPermission, type StaffRole } from '@vigil/contracts';
import { migrationsFolder, openDatabase, type Database } from './client.ts';
import { ensureRoles } from './bootstrap.ts';
import { mergeDefaults, syncDefaultGroups } from './default-groups.ts';
import { apiGroups, recordChanges } from './schema/index.ts';

/*
 * The upgrade sync of stored API groups against a database as the current main made it: main's
 * migrations (every one before this version's api_group_defaults), main's default groups
 * (test/fixtures-data/main-default-groups.json, written by main's defaultApiGroup) and an admin's
 * own change, then this version's migrations and start.
 */

type MainGroup = { role: StaffRole; name: string; pairs: string[] };
const main = JSON.parse(readFileSync(new URL('../../test/fixtures-data/main-default-groups.json', import.meta.url), 'utf8')) as { groups: MainGroup[] };
const mainOf = (role: StaffRole) => main.groups.find((g) => g.role === role)!;

const keyOf = (p: ApiPermission) => permissionKey(p.method, p.route);
const pair = (key: string): ApiPermission => {
  const [method, route] = key.split(' ');
  return { method, route } as ApiPermission;
};

/** A migrations folder holding only the migrations before this version's. */
function mainMigrations(): string {
  const dir = mkdtempSync(join(tmpdir(), 'vigil-main-migrations-'));
  const journal = JSON.parse(readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as { entries: { tag: string }[] };
  const upTo = journal.entries.findIndex((e) => e.tag.endsWith('_api_group_defaults'));
  expect(upTo).toBeGreaterThan(0);
  const entries = journal.entries.slice(0, upTo);
  mkdirSync(join(dir, 'meta'));
  writeFileSync(join(dir, 'meta', '_journal.json'), JSON.stringify({ ...journal, entries }));
  for (const e of entries) copyFileSync(join(migrationsFolder, `${e.tag}.sql`), join(dir, `${e.tag}.sql`));
  return dir;
}

let database: Database;
let folder: string;

async function groupOf(role: StaffRole): Promise<Set<string>> {
  const [row] = await database.db.select({ permissions: apiGroups.permissions }).from(apiGroups).where(eq(apiGroups.name, mainOf(role).name));
  return new Set(row.permissions.map(keyOf));
}

beforeAll(async () => {
  folder = mainMigrations();
  database = await openDatabase({ kind: 'pglite' });
  await migrate(database.db as never, { migrationsFolder: folder });
  // What main's first start wrote: an operator organisation, every role's default group and its role row.
  await database.db.execute(sql`insert into orgs (name, type) values ('T Upgrade operators', ${OrgType.manage})`);
  for (const g of main.groups) {
    const permissions = JSON.stringify(g.pairs.map(pair));
    const { rows } = await database.db.execute<{ id: number }>(
      sql`insert into api_groups (name, remark, permissions) values (${g.name}, 'Default group of the role', ${permissions}::jsonb) returning id`,
    );
    await database.db.execute(sql`insert into roles (id, api_group_id) values (${g.role}, ${rows[0].id})`);
  }
  // An admin's own change on main: the guard company's staff lost the wall.
  const edited = JSON.stringify(mainOf(Role.guardStaff).pairs.filter((k) => k !== 'GET /wall').map(pair));
  await database.db.execute(sql`update api_groups set permissions = ${edited}::jsonb where name = ${mainOf(Role.guardStaff).name}`);
  // This version's start.
  await database.migrate();
  await ensureRoles(database.db);
}, 120_000);

afterAll(async () => {
  await database?.close();
  rmSync(folder, { recursive: true, force: true });
});

describe('upgrade sync of stored API groups', () => {
  it("adds every pair this version's defaults add, removes the ones they drop only where the group is still at main's default", async () => {
    const synced = await syncDefaultGroups(database.db);
    expect(synced.length).toBeGreaterThan(0);
    for (const role of staffRoles) {
      const stored = await groupOf(role);
      const before = new Set(mainOf(role).pairs);
      const added = defaultApiGroup(role).map(keyOf).filter((k) => !before.has(k));
      expect(added.filter((k) => !stored.has(k)), `role ${role} misses new pairs`).toEqual([]);
      if (role !== Role.guardStaff) expect([...stored].sort(), `role ${role} is at this version's default`).toEqual(defaultApiGroup(role).map(keyOf).sort());
    }
    // An untouched guard group lost member administration; the safe zone pair is new everywhere it belongs.
    const orgGuard = await groupOf(Role.orgGuard);
    expect(orgGuard.has('POST /user') || orgGuard.has('DELETE /user/{id}')).toBe(false);
    expect((await groupOf(Role.orgAdmin)).has('PUT /user/safe-zone/{id}')).toBe(true);
  });

  it("keeps an admin's change: a removed pair stays removed, and pairs the version drops stay in an edited group", async () => {
    const guardStaff = await groupOf(Role.guardStaff);
    expect(guardStaff.has('GET /wall')).toBe(false);
    expect(guardStaff.has('PUT /user/safe-zone/{id}')).toBe(true);
    expect(guardStaff.has('POST /user')).toBe(true);
  });

  it('files each change in the record history under the operator organisation, and a second start changes nothing', async () => {
    const changes = await database.db.select().from(recordChanges).where(eq(recordChanges.resource, '/api/group'));
    const orgGuard = changes.find((c) => (c.after as { name: string }).name === mainOf(Role.orgGuard).name);
    expect(orgGuard?.staffId).toBeNull();
    expect((orgGuard?.after as { removed: string[] }).removed).toContain('POST /user');
    expect(await syncDefaultGroups(database.db)).toEqual([]);
  });
});

describe('mergeDefaults', () => {
  const p = (...keys: string[]) => keys.map(pair);
  it('adds new pairs to any group and removes dropped ones only from a group at its baseline', () => {
    const baseline = p('GET /a', 'POST /a');
    const defaults = p('GET /a', 'GET /b');
    expect(mergeDefaults(baseline, baseline, defaults)).toMatchObject({ added: ['GET /b'], removed: ['POST /a'] });
    const edited = p('GET /a', 'POST /a', 'GET /mine');
    const merged = mergeDefaults(edited, baseline, defaults);
    expect(merged.permissions.map(keyOf)).toEqual(['GET /a', 'POST /a', 'GET /mine', 'GET /b']);
    expect(merged.removed).toEqual([]);
  });

  it('does not add back a pair the admin removed that the defaults already held', () => {
    const baseline = p('GET /a', 'GET /wall');
    const merged = mergeDefaults(p('GET /a'), baseline, p('GET /a', 'GET /wall', 'GET /new'));
    expect(merged.permissions.map(keyOf)).toEqual(['GET /a', 'GET /new']);
  });
});
