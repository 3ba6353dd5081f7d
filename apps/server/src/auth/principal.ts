import { eq, sql } from 'drizzle-orm';
import type { ApiPermission, OrgType, StaffRole } from '@vigil/contracts';
import type { Db } from '../db/client.ts';
import { apiGroups, orgs, roles, sessions, staff } from '../db/schema/index.ts';

/** Who is calling: the signed-in staff member, as every guard and query sees them. */
export type Principal = {
  staffId: number;
  sessionId: string;
  role: StaffRole;
  orgId: number;
  orgType: OrgType;
  areaId: number | null;
};

export type SessionRecord = Principal & {
  createdAt: Date;
  lastSeenAt: Date;
  expiresAt: Date;
  revokedAt: Date | null;
  staffEnabled: boolean;
  orgEnabled: boolean;
  /** Whether the role's group, or an unexpired temporary role's group, holds the asked pair. */
  allowed: boolean;
};

/**
 * One indexed query per request: the session, its staff member and organisation (both must still
 * be enabled), and whether the stored API groups grant `permission`. Reading the groups here rather
 * than from a cache means an edit on the admin pages applies to the very next request, on every
 * instance.
 */
export async function loadSession(db: Db, sessionId: string, permission: ApiPermission | null): Promise<SessionRecord | undefined> {
  const pair = JSON.stringify(permission ? [permission] : []);
  const allowed = permission
    ? sql<boolean>`(${apiGroups.permissions} @> ${pair}::jsonb or exists (
        select 1 from temp_roles tr
        join roles tr_role on tr_role.id = tr.role
        join api_groups tr_group on tr_group.id = tr_role.api_group_id
        where tr.staff_id = ${staff.id} and tr.starts_at <= now() and tr.expires_at > now()
          and tr_group.permissions @> ${pair}::jsonb))`
    : sql<boolean>`true`;
  const [row] = await db
    .select({
      sessionId: sessions.id,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
      revokedAt: sessions.revokedAt,
      staffId: staff.id,
      role: staff.role,
      orgId: staff.orgId,
      areaId: staff.areaId,
      staffEnabled: staff.enabled,
      orgType: orgs.type,
      orgEnabled: orgs.enabled,
      allowed,
    })
    .from(sessions)
    .innerJoin(staff, eq(staff.id, sessions.staffId))
    .innerJoin(orgs, eq(orgs.id, staff.orgId))
    .innerJoin(roles, eq(roles.id, staff.role))
    .innerJoin(apiGroups, eq(apiGroups.id, roles.apiGroupId))
    .where(eq(sessions.id, sessionId));
  if (!row) return undefined;
  return { ...row, role: row.role as StaffRole, orgType: row.orgType as OrgType, allowed: Boolean(row.allowed) };
}
