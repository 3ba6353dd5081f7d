import { and, eq } from 'drizzle-orm';
import { featurePages, features, type Feature, type SidebarItem } from '@vigil/contracts';
import type { Db, Tx } from '../db/client.ts';
import { orgFeatures } from '../db/schema/index.ts';

// Which pages a sign-in sees: its role's sidebar less the pages of features its organisation
// switched off. Read at sign-in and by GET /sidebar; the switches are edited under /feature.

/** The features switched off for an organisation (a feature without a stored switch is on). */
export async function disabledFeatures(db: Db | Tx, orgId: number): Promise<Set<Feature>> {
  const rows = await db
    .select({ feature: orgFeatures.feature })
    .from(orgFeatures)
    .where(and(eq(orgFeatures.orgId, orgId), eq(orgFeatures.enabled, false)));
  return new Set(rows.map((r) => r.feature as Feature).filter((f) => features.includes(f)));
}

/** A sidebar without the pages of switched-off features; a folder left empty goes too. */
export function hideFeatures(sidebar: readonly SidebarItem[], disabled: ReadonlySet<Feature>): SidebarItem[] {
  if (disabled.size === 0) return [...sidebar];
  const hidden = new Set<string>([...disabled].flatMap((f) => featurePages[f].map((page) => `/${page}`)));
  const walk = (items: readonly SidebarItem[]): SidebarItem[] =>
    items.flatMap((item) => {
      if (item.type === 1) return hidden.has(item.path) ? [] : [item];
      const lower = walk(item.lower);
      return lower.length ? [{ ...item, lower }] : [];
    });
  return walk(sidebar);
}

/** The sidebar a user of `orgId` sees: for the sign-in answer and GET /sidebar. */
export async function sidebarForOrg(db: Db, orgId: number, sidebar: readonly SidebarItem[]): Promise<SidebarItem[]> {
  return hideFeatures(sidebar, await disabledFeatures(db, orgId));
}
