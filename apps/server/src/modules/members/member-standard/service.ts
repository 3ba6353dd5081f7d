import { and, eq, inArray } from 'drizzle-orm';
import { StandardKind, defaultStandards, type StandardList, type StandardRow, type StandardUpdate } from '@vigil/contracts';
import type { Db, Tx } from '../../../db/client.ts';
import { memberStandards, orgStandards } from '../../../db/schema/index.ts';
import type { Principal } from '../../../auth/principal.ts';
import { isOperator } from '../../../auth/scope.ts';
import { notFound } from '../../../http/errors.ts';
import { invalidateStandards } from '../../../alerts/standards.ts';
import { findMember, findOwnMember } from '../member/rows.ts';

const kinds = Object.values(StandardKind);
type Range = { min: number; max: number; overMax: number | null };

/** The 13 kinds in order, each from the first level that sets it: member, organisation, SPEC §9. */
async function effective(db: Db | Tx, orgId: number, memberId: number | null): Promise<StandardList> {
  const org = new Map<number, Range>(
    (await db.select().from(orgStandards).where(eq(orgStandards.orgId, orgId))).map((r) => [r.kind, r]),
  );
  const own = new Map<number, Range>(
    memberId === null ? [] : (await db.select().from(memberStandards).where(eq(memberStandards.memberId, memberId))).map((r) => [r.kind, r]),
  );
  const list = kinds.map((kind): StandardRow => {
    const fromMember = own.get(kind);
    const fromOrg = org.get(kind);
    const d = defaultStandards[kind];
    const range: Range = fromMember ?? fromOrg ?? { min: d.min, max: d.max, overMax: d.overMax ?? null };
    const source = fromMember ? 'member' : fromOrg ? 'org' : 'default';
    return {
      kind,
      min: range.min,
      max: range.max,
      over_max: range.overMax,
      source,
      overridden: memberId === null ? source === 'org' : source === 'member',
    };
  });
  return { member_id: memberId, org_id: orgId, list };
}

/** Applies an edit to one level's table: upsert the set kinds, delete the reset ones. */
async function apply(
  tx: Tx,
  body: StandardUpdate,
  table: typeof memberStandards | typeof orgStandards,
  owner: { memberId: number } | { orgId: number },
): Promise<void> {
  const now = new Date();
  const ownerColumn = 'memberId' in owner ? memberStandards.memberId : orgStandards.orgId;
  const ownerId = 'memberId' in owner ? owner.memberId : owner.orgId;
  if (body.reset.length) {
    await tx.delete(table).where(and(eq(ownerColumn, ownerId), inArray(table.kind, body.reset)));
  }
  for (const s of body.standards) {
    const values = { min: s.min, max: s.max, overMax: s.over_max ?? null, updatedAt: now };
    if ('memberId' in owner) {
      await tx
        .insert(memberStandards)
        .values({ memberId: owner.memberId, kind: s.kind, ...values })
        .onConflictDoUpdate({ target: [memberStandards.memberId, memberStandards.kind], set: values });
    } else {
      await tx
        .insert(orgStandards)
        .values({ orgId: owner.orgId, kind: s.kind, ...values })
        .onConflictDoUpdate({ target: [orgStandards.orgId, orgStandards.kind], set: values });
    }
  }
}

/** Operators name any organisation; everyone else works on their own. */
function orgOf(p: Principal, orgId: number | undefined): number {
  if (orgId === undefined || orgId === p.orgId) return p.orgId;
  if (!isOperator(p)) throw notFound();
  return orgId;
}

/** An organisation's default standards as the member pages show them. */
export async function orgStandardList(db: Db, p: Principal, orgId: number | undefined): Promise<StandardList> {
  return effective(db, orgOf(p, orgId), null);
}

/** A member's standards, each kind from the first level that sets it. */
export async function memberStandardList(db: Db, p: Principal, memberId: number): Promise<StandardList> {
  const member = await findMember(db, p, memberId);
  return effective(db, member.org_id, member.id);
}

/**
 * Saves an organisation's defaults, then drops the alert rules' cached standards so the next
 * reading is judged by the new ranges.
 */
export async function saveOrgStandards(db: Db, p: Principal, askedOrgId: number | undefined, body: StandardUpdate): Promise<StandardList> {
  const orgId = orgOf(p, askedOrgId);
  const data = await db.transaction(async (tx) => {
    await apply(tx, body, orgStandards, { orgId });
    return effective(tx, orgId, null);
  });
  invalidateStandards(db, { orgId });
  return data;
}

/** Saves a member's overrides (their own organisation only), then drops the cached standards. */
export async function saveMemberStandards(db: Db, p: Principal, memberId: number, body: StandardUpdate): Promise<StandardList> {
  const data = await db.transaction(async (tx) => {
    const member = await findOwnMember(tx, p, memberId);
    await apply(tx, body, memberStandards, { memberId: member.id });
    return effective(tx, member.org_id, member.id);
  });
  invalidateStandards(db, { memberId });
  return data;
}
