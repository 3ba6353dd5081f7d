import { and, eq, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import {
  type AlertRouteCategory,
  type AlertRoutingRule,
  type OrgType,
  type StaffRole,
  abnormalTypePriority,
  alertRouteCategories,
  alertRouteCategory,
  alertTypesOfRoute,
  areaScopedRoles,
  defaultAlertRouting,
  defaultRelationCategories,
  operatorRoles,
  ruleRoutes,
} from '@vigil/contracts';
import type { Db, Tx } from '../db/client.ts';
import { abnormalEvents, abnormalRouting, orgRelations, orgs, staff } from '../db/schema/index.ts';

/**
 * Who may act on an alert (docs/alert-rules.md "Routing"). An organisation's rules say which roles
 * and areas receive which categories and priorities of its own alerts; a related organisation
 * receives the categories its relation names, and its own rules then say which of its roles answer
 * them. Every view of open alerts (the list, the bell, the wall, the live channel) and the
 * notification core read this one module.
 */

/** A relation through which another organisation receives this organisation's alerts. */
export type RoutedRelation = {
  relatedOrgId: number;
  name: string;
  categories: AlertRouteCategory[];
  isDefault: boolean;
};

/** One organisation's rule set, as the cache keeps it. */
export type RuleSet = {
  orgId: number;
  orgType: OrgType;
  isGuard: boolean;
  rules: AlertRoutingRule[];
  /** The stored row's id, or null while the defaults apply. */
  storedId: number | null;
  updatedAt: Date | null;
  /** Enabled relations granting `abnormal` to another organisation. */
  relations: RoutedRelation[];
};

/** What routing needs of an alert. */
export type RoutableAlert = { orgId: number; areaId: number | null; type: number };
/** What routing needs of a person. */
export type RoutingViewer = { orgId: number; role: StaffRole; areaId: number | null };

const ABNORMAL_GRANT = 'abnormal';
/** Edits on another instance are seen within this long (the PUT invalidates its own instance at once). */
const TTL_MS = 60_000;

type Entry = { expires: number; value: Promise<RuleSet> };
const caches = new WeakMap<Db | Tx, Map<number, Entry>>();

async function readRuleSet(db: Db | Tx, orgId: number): Promise<RuleSet> {
  const [org] = await db
    .select({ type: orgs.type, isGuard: orgs.isGuard })
    .from(orgs)
    .where(eq(orgs.id, orgId));
  if (!org) throw new Error(`routing: organisation ${orgId} not found`);
  const [stored] = await db.select().from(abnormalRouting).where(eq(abnormalRouting.orgId, orgId));
  const related = await db
    .select({
      relatedOrgId: orgRelations.relatedOrgId,
      categories: orgRelations.alertCategories,
      name: orgs.name,
      type: orgs.type,
      isGuard: orgs.isGuard,
    })
    .from(orgRelations)
    .innerJoin(orgs, eq(orgs.id, orgRelations.relatedOrgId))
    .where(
      and(
        eq(orgRelations.orgId, orgId),
        eq(orgRelations.enabled, true),
        ne(orgRelations.relatedOrgId, orgId),
        sql`${orgRelations.grants} @> ${JSON.stringify([ABNORMAL_GRANT])}::jsonb`,
      ),
    );
  const orgType = org.type as OrgType;
  return {
    orgId,
    orgType,
    isGuard: org.isGuard,
    rules: stored?.rules ?? defaultAlertRouting(orgType),
    storedId: stored?.id ?? null,
    updatedAt: stored?.updatedAt ?? null,
    relations: related.map((r) => ({
      relatedOrgId: r.relatedOrgId,
      name: r.name,
      categories: r.categories ?? defaultRelationCategories({ type: r.type as OrgType, isGuard: r.isGuard }),
      isDefault: r.categories === null,
    })),
  };
}

/**
 * An organisation's rule set, from the cache of `db` (read once a minute at most per
 * organisation). `read` is where a miss is read from: the notification core passes the alert's own
 * transaction, so the read never waits for a second connection (PGlite has one, held by that
 * transaction), while the rule set is still kept in the app database's cache.
 */
export function loadRouting(db: Db | Tx, orgId: number, read: Db | Tx = db): Promise<RuleSet> {
  let cache = caches.get(db);
  if (!cache) {
    cache = new Map();
    caches.set(db, cache);
  }
  const hit = cache.get(orgId);
  if (hit && hit.expires > Date.now()) return hit.value;
  const value = readRuleSet(read, orgId);
  const entry = { expires: Date.now() + TTL_MS, value };
  cache.set(orgId, entry);
  // A failed read is not kept: the next caller tries again.
  value.catch(() => {
    if (cache.get(orgId) === entry) cache.delete(orgId);
  });
  return value;
}

/** Forgets cached rule sets: one organisation's after its routing or relations change, or all. */
export function invalidateRouting(db: Db | Tx, orgId?: number): void {
  if (orgId === undefined) caches.delete(db);
  else caches.get(db)?.delete(orgId);
}

/** The roles of the rule set's organisation that a rule routes this alert to. */
export function routedRoles(set: RuleSet, alert: RoutableAlert, checkArea: boolean): Set<StaffRole> {
  const out = new Set<StaffRole>();
  for (const rule of set.rules)
    for (const role of rule.roles) if (ruleRoutes(rule, alert, role, checkArea)) out.add(role);
  return out;
}

/** The related organisations that receive this alert (its organisation's rule set's relations). */
export function receivingRelations(set: RuleSet, alert: RoutableAlert): RoutedRelation[] {
  const category = alertRouteCategory(alert.type);
  return set.relations.filter((r) => r.categories.includes(category));
}

/**
 * May this person act on this alert? Operators may act on every alert; others on their own
 * organisation's alerts their rules route to their role (area admins in their area only), and on a
 * related organisation's alerts of the categories its relation grants, as their own rules route them.
 */
export async function mayAct(db: Db | Tx, viewer: RoutingViewer, alert: RoutableAlert): Promise<boolean> {
  if (operatorRoles.has(viewer.role)) return true;
  if (alert.orgId === viewer.orgId) {
    if (areaScopedRoles.has(viewer.role) && (viewer.areaId === null || alert.areaId !== viewer.areaId))
      return false;
    return routedRoles(await loadRouting(db, alert.orgId), alert, true).has(viewer.role);
  }
  const source = await loadRouting(db, alert.orgId);
  if (!receivingRelations(source, alert).some((r) => r.relatedOrgId === viewer.orgId)) return false;
  return routedRoles(await loadRouting(db, viewer.orgId), alert, false).has(viewer.role);
}

/** A person who may act on an alert, as the notification core needs them. */
export type RoutedStaff = { id: number; orgId: number; role: StaffRole; areaId: number | null };

/** Staff of one organisation in some roles (in one area when `areaId` is set). */
type AudiencePart = { orgId: number; roles: ReadonlySet<StaffRole>; areaId?: number };

/**
 * Who the rules route an alert to: its organisation's routed roles (area admins of its area
 * only), and the roles each related organisation receiving its category routes it to.
 */
async function audienceOf(cache: Db | Tx, read: Db | Tx, alert: RoutableAlert): Promise<AudiencePart[]> {
  const source = await loadRouting(cache, alert.orgId, read);
  const own = [...routedRoles(source, alert, true)];
  const parts: AudiencePart[] = [];
  const orgWide = own.filter((r) => !areaScopedRoles.has(r));
  const areaBound = own.filter((r) => areaScopedRoles.has(r));
  if (orgWide.length) parts.push({ orgId: alert.orgId, roles: new Set(orgWide) });
  if (areaBound.length && alert.areaId !== null) parts.push({ orgId: alert.orgId, roles: new Set(areaBound), areaId: alert.areaId });
  for (const relation of receivingRelations(source, alert)) {
    const roles = routedRoles(await loadRouting(cache, relation.relatedOrgId, read), alert, false);
    if (roles.size) parts.push({ orgId: relation.relatedOrgId, roles });
  }
  return parts;
}

/**
 * Who may act on each of these alerts: the enabled staff of its organisation and of the related
 * organisations receiving it whose role the rules route it to (area admins of its area only), in
 * id order. One staff query for the whole batch; everything runs on `q` (the notification core
 * passes the alert's own transaction) and rule sets come from the cache of `cache`.
 */
export async function routedStaffOf(q: Db | Tx, alerts: readonly RoutableAlert[], cache: Db | Tx = q): Promise<RoutedStaff[][]> {
  const byKey = new Map<string, Promise<AudiencePart[]>>();
  const audiences = await Promise.all(
    alerts.map((a) => {
      const key = `${a.orgId}:${a.areaId ?? ''}:${a.type}`;
      let parts = byKey.get(key);
      if (!parts) byKey.set(key, (parts = audienceOf(cache, q, a)));
      return parts;
    }),
  );
  const orgIds = [...new Set(audiences.flatMap((parts) => parts.map((p) => p.orgId)))];
  const rows = orgIds.length
    ? await q
        .select({ id: staff.id, orgId: staff.orgId, role: sql<StaffRole>`${staff.role}`, areaId: staff.areaId })
        .from(staff)
        .where(and(eq(staff.enabled, true), inArray(staff.orgId, orgIds)))
        .orderBy(staff.id)
    : [];
  const byOrg = new Map<number, RoutedStaff[]>();
  for (const r of rows) byOrg.set(r.orgId, [...(byOrg.get(r.orgId) ?? []), { ...r, role: Number(r.role) as StaffRole }]);
  return audiences.map((parts) => {
    const routed = new Map<number, RoutedStaff>();
    for (const p of parts)
      for (const r of byOrg.get(p.orgId) ?? [])
        if (p.roles.has(r.role) && (p.areaId === undefined || r.areaId === p.areaId)) routed.set(r.id, r);
    return [...routed.values()].sort((a, b) => a.id - b.id);
  });
}

/** Who may act on this alert: the ids of `routedStaffOf`. */
export async function recipientsOf(db: Db | Tx, alert: RoutableAlert): Promise<number[]> {
  return (await routedStaffOf(db, [alert]))[0].map((s) => s.id);
}

/** The alert types of `category` whose priority is one of `priorities`. */
function typesOf(category: AlertRouteCategory, priorities: readonly string[]): number[] {
  return alertTypesOfRoute(category).filter((t) => priorities.includes(abnormalTypePriority(t)));
}

const typeIn = (types: Iterable<number>): SQL | undefined => {
  const list = [...new Set(types)];
  return list.length ? inArray(abnormalEvents.type, list) : undefined;
};

/**
 * The routing half of "what may this person see among open alerts", as a condition on
 * abnormal_events (the tenant scope is applied beside it): their own organisation's alerts the
 * viewer's rule set routes to their role, and related organisations' alerts of the categories each
 * relation grants (read live from org_relations, so a relation edit applies at once), as the
 * viewer's rules route them. `viewerSet` is the rule set of the viewer's organisation.
 */
export function actionableCondition(
  viewerSet: RuleSet,
  viewer: Pick<RoutingViewer, 'role'>,
): SQL | undefined {
  if (operatorRoles.has(viewer.role)) return undefined;
  const mine = viewerSet.rules.filter((r) => r.roles.includes(viewer.role));
  const everywhere = mine
    .filter((r) => r.area_ids.length === 0)
    .flatMap((r) => typesOf(r.category, r.priorities));
  const ownParts: (SQL | undefined)[] = [typeIn(everywhere)];
  for (const rule of mine.filter((r) => r.area_ids.length > 0)) {
    const types = typeIn(typesOf(rule.category, rule.priorities));
    if (types)
      ownParts.push(
        and(types, or(sql`${abnormalEvents.areaId} is null`, inArray(abnormalEvents.areaId, rule.area_ids))),
      );
  }
  const own = or(...ownParts.filter((p): p is SQL => p !== undefined));

  const defaults = JSON.stringify(
    defaultRelationCategories({ type: viewerSet.orgType, isGuard: viewerSet.isGuard }),
  );
  const relatedParts: SQL[] = [];
  for (const category of alertRouteCategories) {
    const types = typeIn(
      mine.flatMap((r) => (r.category === category ? typesOf(category, r.priorities) : [])),
    );
    if (!types) continue;
    relatedParts.push(
      and(
        types,
        sql`${abnormalEvents.orgId} in (select ${orgRelations.orgId} from ${orgRelations}
          where ${orgRelations.relatedOrgId} = ${viewerSet.orgId} and ${orgRelations.enabled}
            and ${orgRelations.grants} @> ${JSON.stringify([ABNORMAL_GRANT])}::jsonb
            and coalesce(${orgRelations.alertCategories}, ${defaults}::jsonb) @> ${JSON.stringify([category])}::jsonb)`,
      )!,
    );
  }
  const related = or(...relatedParts);
  const ownPart = own ? and(eq(abnormalEvents.orgId, viewerSet.orgId), own) : undefined;
  const relatedPart = related ? and(ne(abnormalEvents.orgId, viewerSet.orgId), related) : undefined;
  return or(ownPart, relatedPart) ?? sql`false`;
}

/**
 * The rule set of each request's caller, read before the handler runs (alerts/plugin.ts), so that
 * the alert list's synchronous scope can add the routing condition without a query of its own.
 */
const requestRouting = new WeakMap<object, RuleSet>();

export function attachRouting(principal: object, set: RuleSet): void {
  requestRouting.set(principal, set);
}

/** The routing condition of a request's caller (operators: none). */
export function callerRoutingCondition(principal: RoutingViewer): SQL | undefined {
  if (operatorRoles.has(principal.role)) return undefined;
  const set = requestRouting.get(principal);
  // Only a caller that reached a route through the auth guard has one; anything else is a bug.
  if (!set) throw new Error('routing: the caller has no rule set attached');
  return actionableCondition(set, principal);
}
