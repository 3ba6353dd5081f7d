import { type SQL, and, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import { HttpMethod, permissionKey, type ApiPermission, type SidebarItem, type StaffRole } from '@vigil/contracts';
import type { Db } from '../db/client.ts';
import { apiGroups, roles, tempRoles } from '../db/schema/index.ts';

/** A permission pair in SPEC form, written as one string: `'GET /user/{id}'`. */
export type PermissionKey = `${HttpMethod} /${string}`;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The pair the principal's API group must hold to call this route. */
    permission?: PermissionKey;
    /** `public`: no sign-in (login, health); `session`: any signed-in user (logout). */
    access?: 'public' | 'session';
  }
}

export function parsePermission(key: PermissionKey): ApiPermission {
  const space = key.indexOf(' ');
  const method = key.slice(0, space) as HttpMethod;
  if (!HttpMethod.includes(method)) throw new Error(`Unknown method in permission ${key}`);
  return { method, route: key.slice(space + 1) };
}

/** The roles whose groups apply to a staff member now: their own, plus unexpired temporary roles. */
async function activeRoles(db: Db, staffId: number, role: StaffRole): Promise<number[]> {
  const now = new Date();
  const temp = await db
    .select({ role: tempRoles.role })
    .from(tempRoles)
    .where(and(eq(tempRoles.staffId, staffId), lte(tempRoles.startsAt, now), gt(tempRoles.expiresAt, now)));
  return [...new Set([role, ...temp.map((t) => t.role)])];
}

/**
 * SQL: whether the staff member's role, or an unexpired temporary role of theirs, grants the pair,
 * decided as the session check decides it (principal.ts). Uncorrelated, so PostgreSQL runs it once
 * per statement however many rows it is selected beside.
 */
export function grantsPair(staffId: number, role: StaffRole, pair: ApiPermission): SQL<boolean> {
  return sql<boolean>`exists (
    select 1 from roles r join api_groups g on g.id = r.api_group_id
    where g.permissions @> ${JSON.stringify([pair])}::jsonb
      and (r.id = ${role} or r.id in (
        select t.role from temp_roles t where t.staff_id = ${staffId} and t.starts_at <= now() and t.expires_at > now())))`;
}

/**
 * What a sign-in grants, read from the stored roles and groups (never a cache), so an edit on the
 * admin pages shows in the very next sign-in and the very next permission check.
 */
export async function loadGrants(
  db: Db,
  staffId: number,
  role: StaffRole,
): Promise<{ api: ApiPermission[]; sidebar: SidebarItem[] }> {
  const ids = await activeRoles(db, staffId, role);
  const rows = await db
    .select({ id: roles.id, sidebar: roles.sidebar, permissions: apiGroups.permissions })
    .from(roles)
    .innerJoin(apiGroups, eq(apiGroups.id, roles.apiGroupId))
    .where(inArray(roles.id, ids));
  // Own role first, so its sidebar order wins when the trees are merged.
  const mine = rows.sort((a, b) => ids.indexOf(a.id) - ids.indexOf(b.id));
  const api = new Map<string, ApiPermission>();
  for (const r of mine) for (const p of r.permissions) api.set(permissionKey(p.method, p.route), p);
  return { api: [...api.values()], sidebar: mine.reduce<SidebarItem[]>((acc, r) => mergeSidebar(acc, r.sidebar), []) };
}

/** Union of two sidebar trees: items match by type, path and name; folders merge their children. */
export function mergeSidebar(a: readonly SidebarItem[], b: readonly SidebarItem[]): SidebarItem[] {
  const out = a.map((i) => ({ ...i, lower: [...i.lower] }));
  for (const item of b) {
    const same = out.find((o) => o.type === item.type && o.path === item.path && o.name === item.name);
    if (!same) out.push(item);
    else if (item.type === 0) same.lower = mergeSidebar(same.lower, item.lower);
  }
  return out;
}

/**
 * Called by the admin pages after they edit API groups, roles, sidebars or temporary roles.
 * Grants are read from the database on every request and sign-in (see principal.ts), so there is
 * nothing to drop today; this is the one place a future cache would be cleared.
 */
export function invalidatePermissions(): void {}
