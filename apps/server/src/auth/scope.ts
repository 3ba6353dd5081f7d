import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { areaScopedRoles, operatorRoles } from '@vigil/contracts';
import type { Db, Tx } from '../db/client.ts';
import { areas, orgRelations } from '../db/schema/index.ts';
import { forbidden, notFound } from '../http/errors.ts';
import type { Principal } from './principal.ts';

/** What an org relation may grant the serving organisation over the care organisation's data. */
export type OrgGrant = 'members' | 'delivery' | 'abnormal';

/**
 * The columns that place a row: its organisation, optionally its area, and the grant that shares it.
 * `partner` is a second organisation the row belongs to just as much (the pharmacy a delivery order
 * is sent to): its staff see the row organisation-wide.
 */
export type ScopeColumns = { org: AnyPgColumn; area?: AnyPgColumn; grant?: OrgGrant; partner?: AnyPgColumn };

export function isOperator(p: Principal): boolean {
  return operatorRoles.has(p.role);
}

/**
 * THE tenant guard. Every read, update and delete of scoped data adds this condition, so a row
 * outside the caller's scope is simply not found (-7):
 * - operators (roles 0, 1): everything;
 * - area-scoped roles: their own area (their organisation when the data has no area);
 * - other roles: their own organisation;
 * - plus, with `grant`, the organisations whose enabled relation grants it to the caller's organisation;
 * - plus, with `partner`, rows whose partner organisation is the caller's.
 */
export function scopeCondition(p: Principal, cols: ScopeColumns): SQL {
  if (isOperator(p)) return sql`true`;
  let own: SQL | undefined;
  if (cols.area && areaScopedRoles.has(p.role)) {
    own = p.areaId === null ? sql`false` : and(eq(cols.org, p.orgId), eq(cols.area, p.areaId));
  } else {
    own = eq(cols.org, p.orgId);
  }
  if (cols.partner) own = sql`(${own ?? sql`false`} or ${eq(cols.partner, p.orgId)})`;
  if (!cols.grant) return own ?? sql`false`;
  const related = sql`${cols.org} in (select ${orgRelations.orgId} from ${orgRelations}
    where ${orgRelations.relatedOrgId} = ${p.orgId} and ${orgRelations.enabled}
      and ${orgRelations.grants} @> jsonb_build_array(${cols.grant}::text))`;
  return sql`(${own} or ${related})`;
}

export type Placement = { orgId: number; areaId: number | null };

/**
 * Where a new (or moved) row may go. Operators choose any organisation; everyone else is pinned to
 * their own (asking for another is -3), area-scoped roles to their own area, and they cannot create
 * organisation-level rows (`areaPlaced` false) at all. A chosen area must belong to the organisation.
 */
export async function resolvePlacement(
  db: Db | Tx,
  p: Principal,
  requested: { orgId?: number; areaId?: number | null },
  areaPlaced: boolean,
): Promise<Placement> {
  if (!isOperator(p) && requested.orgId !== undefined && requested.orgId !== p.orgId) throw forbidden();
  const orgId = isOperator(p) ? (requested.orgId ?? p.orgId) : p.orgId;
  if (areaScopedRoles.has(p.role)) {
    if (!areaPlaced) throw forbidden();
    if (requested.areaId !== undefined && requested.areaId !== p.areaId) throw forbidden();
    return { orgId, areaId: p.areaId };
  }
  const areaId = areaPlaced ? (requested.areaId ?? null) : null;
  if (areaId !== null) {
    const [area] = await db
      .select({ id: areas.id })
      .from(areas)
      .where(and(eq(areas.id, areaId), eq(areas.orgId, orgId)));
    if (!area) throw notFound('Area not found');
  }
  return { orgId, areaId };
}
