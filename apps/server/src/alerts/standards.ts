import { inArray } from 'drizzle-orm';
import { defaultStandards, type StandardKind, type StandardRange } from '@vigil/contracts';
import type { Db } from '../db/client.ts';
import { members, memberStandards, orgStandards } from '../db/schema/index.ts';
import type { StandardSet } from '../rules/types.ts';

/**
 * Each member's 13 standards: the member's own override, else the organisation's default, else
 * SPEC §9's. The rules read them for every stored reading, so they are cached per database; an
 * edit calls `invalidateStandards`. Entries also expire after a minute so an edit made on another
 * instance is picked up without cross-instance messaging.
 */
const TTL_MS = 60_000;
type Entry = { set: StandardSet; orgId: number; at: number };
const caches = new WeakMap<Db, Map<number, Entry>>();

function cacheOf(db: Db): Map<number, Entry> {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new Map()));
  return cache;
}

export const spec9Standards = defaultStandards as StandardSet;

function rangeOf(row: { min: number; max: number; overMax: number | null }): StandardRange {
  return row.overMax === null
    ? { min: row.min, max: row.max }
    : { min: row.min, max: row.max, overMax: row.overMax };
}

export async function resolveStandards(
  db: Db,
  memberIds: Iterable<number>,
): Promise<Map<number, StandardSet>> {
  const cache = cacheOf(db);
  const now = Date.now();
  const result = new Map<number, StandardSet>();
  const missing: number[] = [];
  for (const id of new Set(memberIds)) {
    const hit = cache.get(id);
    if (hit && now - hit.at < TTL_MS) result.set(id, hit.set);
    else missing.push(id);
  }
  if (!missing.length) return result;

  const memberRows = await db
    .select({ id: members.id, orgId: members.orgId })
    .from(members)
    .where(inArray(members.id, missing));
  const orgIds = [...new Set(memberRows.map((m) => m.orgId))];
  const [orgRows, ownRows] = await Promise.all([
    orgIds.length ? db.select().from(orgStandards).where(inArray(orgStandards.orgId, orgIds)) : [],
    db.select().from(memberStandards).where(inArray(memberStandards.memberId, missing)),
  ]);
  const byOrg = new Map<number, StandardSet>();
  for (const orgId of orgIds) byOrg.set(orgId, { ...spec9Standards });
  for (const row of orgRows) byOrg.get(row.orgId)![row.kind as StandardKind] = rangeOf(row);
  for (const m of memberRows) {
    const set: StandardSet = { ...byOrg.get(m.orgId)! };
    for (const row of ownRows) if (row.memberId === m.id) set[row.kind as StandardKind] = rangeOf(row);
    cache.set(m.id, { set, orgId: m.orgId, at: now });
    result.set(m.id, set);
  }
  return result;
}

/** Drops cached standards after an edit: one member's, or a whole organisation's defaults. */
export function invalidateStandards(db: Db, target: { memberId?: number; orgId?: number }): void {
  const cache = cacheOf(db);
  if (target.memberId !== undefined) cache.delete(target.memberId);
  if (target.orgId !== undefined) {
    for (const [id, entry] of cache) if (entry.orgId === target.orgId) cache.delete(id);
  }
}
