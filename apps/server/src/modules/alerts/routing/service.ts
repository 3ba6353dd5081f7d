import { and, eq, inArray } from 'drizzle-orm';
import {
  type AlertRoutingUpdate,
  type AlertRoutingView,
  type OrgType,
  areaScopedRoles,
  roleOrgType,
  toUnix,
} from '@vigil/contracts';
import type { Principal } from '../../../auth/principal.ts';
import { isOperator } from '../../../auth/scope.ts';
import type { Db } from '../../../db/client.ts';
import { abnormalRouting, areas, orgRelations, orgs, recordChanges } from '../../../db/schema/index.ts';
import { type FieldError, forbidden, invalid, notFound } from '../../../http/errors.ts';
import { type RuleSet, invalidateRouting, loadRouting } from '../../../alerts/routing.ts';

type RoutingOrg = { id: number; type: OrgType };

/**
 * The organisation a routing call is about: operators name any (their own by default); anyone else
 * gets their own, and naming another is -7. Writing is refused (-3) to area-scoped roles: the rules
 * are the whole organisation's.
 */
export async function resolveRoutingOrg(
  db: Db,
  p: Principal,
  orgId: number | undefined,
  write = false,
): Promise<RoutingOrg> {
  if (!isOperator(p) && orgId !== undefined && orgId !== p.orgId) throw notFound();
  if (write && areaScopedRoles.has(p.role)) throw forbidden();
  const [org] = await db
    .select({ id: orgs.id, type: orgs.type })
    .from(orgs)
    .where(eq(orgs.id, orgId ?? p.orgId));
  if (!org) throw notFound();
  return { id: org.id, type: org.type as OrgType };
}

function viewOf(set: RuleSet): AlertRoutingView {
  return {
    org_id: set.orgId,
    rules: set.rules,
    relations: set.relations.map((r) => ({
      related_org_id: r.relatedOrgId,
      related_org_name: r.name,
      categories: r.categories,
      is_default: r.isDefault,
    })),
    is_default: set.storedId === null,
    updated_at: set.updatedAt ? toUnix(set.updatedAt) : null,
  };
}

/** The rule set in force, read fresh (an edit on another instance shows here at once). */
export async function readRouting(db: Db, orgId: number): Promise<AlertRoutingView> {
  invalidateRouting(db, orgId);
  return viewOf(await loadRouting(db, orgId));
}

/** -5 for roles the organisation's type cannot hold, areas of another organisation, and relations it does not have. */
async function validate(db: Db, org: RoutingOrg, body: AlertRoutingUpdate, current: RuleSet): Promise<void> {
  const errors: FieldError[] = [];
  const areaIds = [...new Set(body.rules.flatMap((r) => r.area_ids))];
  const ownAreas = new Set(
    areaIds.length
      ? (
          await db
            .select({ id: areas.id })
            .from(areas)
            .where(and(eq(areas.orgId, org.id), inArray(areas.id, areaIds)))
        ).map((a) => a.id)
      : [],
  );
  body.rules.forEach((rule, i) => {
    if (rule.roles.some((role) => roleOrgType[role] !== org.type))
      errors.push({ field: `rules.${i}.roles`, message: 'validation.invalidOption' });
    if (rule.area_ids.some((id) => !ownAreas.has(id)))
      errors.push({ field: `rules.${i}.area_ids`, message: 'validation.invalidOption' });
  });
  const related = new Set(current.relations.map((r) => r.relatedOrgId));
  const seen = new Set<number>();
  body.relations.forEach((relation, i) => {
    if (!related.has(relation.related_org_id) || seen.has(relation.related_org_id)) {
      errors.push({ field: `relations.${i}.related_org_id`, message: 'validation.invalidOption' });
    }
    seen.add(relation.related_org_id);
  });
  if (errors.length) throw invalid(errors);
}

/**
 * Stores the rule set and the relations' categories in one transaction with its record history
 * (before and after as the API shows them), then drops the cached set so the next alert and list
 * follow the new rules.
 */
export async function writeRouting(
  db: Db,
  p: Principal,
  org: RoutingOrg,
  body: AlertRoutingUpdate,
): Promise<AlertRoutingView> {
  invalidateRouting(db, org.id);
  const current = await loadRouting(db, org.id);
  await validate(db, org, body, current);
  const before = viewOf(current);
  const now = new Date();
  await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(abnormalRouting)
      .values({ orgId: org.id, rules: body.rules, updatedBy: p.staffId, updatedAt: now })
      .onConflictDoUpdate({
        target: abnormalRouting.orgId,
        set: { rules: body.rules, updatedBy: p.staffId, updatedAt: now },
      })
      .returning({ id: abnormalRouting.id });
    for (const relation of body.relations) {
      await tx
        .update(orgRelations)
        .set({ alertCategories: relation.categories, updatedAt: now })
        .where(and(eq(orgRelations.orgId, org.id), eq(orgRelations.relatedOrgId, relation.related_org_id)));
    }
    const named = new Map(body.relations.map((r) => [r.related_org_id, r.categories]));
    const after: AlertRoutingView = {
      ...before,
      rules: body.rules,
      relations: before.relations.map((r) =>
        named.has(r.related_org_id)
          ? { ...r, categories: named.get(r.related_org_id)!, is_default: false }
          : r,
      ),
      is_default: false,
      updated_at: toUnix(now),
    };
    await tx.insert(recordChanges).values({
      orgId: org.id,
      resource: '/abnormal/routing',
      recordId: row!.id,
      action: before.is_default ? 'create' : 'update',
      before: before.is_default ? null : before,
      after,
      staffId: p.staffId,
    });
  });
  invalidateRouting(db, org.id);
  for (const relation of body.relations) invalidateRouting(db, relation.related_org_id);
  return viewOf(await loadRouting(db, org.id));
}
