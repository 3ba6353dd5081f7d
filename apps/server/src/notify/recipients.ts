import { and, eq, inArray, notInArray } from 'drizzle-orm';
import { areaScopedRoles, bellHiddenRoles } from '@vigil/contracts';
import type { Db, Tx } from '../db/client.ts';
import { notifyPreferences, staff } from '../db/schema/index.ts';
import { orgAdminRoles } from '../realtime/rooms.ts';
import { routedStaffOf, type RoutableAlert } from '../alerts/routing.ts';

/** One person a notification may go to, with what their preferences need. */
export type Recipient = {
  staffId: number;
  /** The person's own organisation (a related organisation's staff receive through its grant). */
  orgId: number;
  email: string | null;
  language: 'en' | 'zh-TW';
  prefs: typeof notifyPreferences.$inferSelect | null;
};

export type Audience = {
  /** Who is told first: the people who may act on the alert (alert routing). */
  recipients: Recipient[];
  /** The next people, told when nobody has acknowledged after the last own tier: the admins among them. */
  next: Recipient[];
};

/**
 * Who is notified of each alert: the people alert routing says may act on it
 * (`routedStaffOf`, docs/alert-rules.md "Routing": its organisation's routed roles, area admins of
 * its area only, and the roles of related organisations receiving its category), without the
 * roles that have no bell; as the next people, those of them who are the alert organisation's
 * admins or its area's admins. Runs on the caller's transaction (the outbox is written in the
 * alert's own) with the rule sets from the cache of `routingCache` (the app's database), two
 * queries for the whole batch.
 */
export async function recipientsOf(q: Db | Tx, alerts: readonly RoutableAlert[], routingCache: Db | Tx = q): Promise<Audience[]> {
  const routed = await routedStaffOf(q, alerts, routingCache);
  const ids = [...new Set(routed.flatMap((people) => people.map((p) => p.id)))];
  const rows = ids.length
    ? await q
        .select({ id: staff.id, email: staff.email, prefs: notifyPreferences })
        .from(staff)
        .leftJoin(notifyPreferences, eq(notifyPreferences.staffId, staff.id))
        .where(and(inArray(staff.id, ids), notInArray(staff.role, [...bellHiddenRoles])))
    : [];
  const details = new Map(rows.map((r) => [r.id, r]));
  return alerts.map((alert, i) => {
    const recipients: Recipient[] = [];
    const next: Recipient[] = [];
    for (const person of routed[i]) {
      const row = details.get(person.id);
      if (!row) continue;
      const recipient: Recipient = {
        staffId: person.id,
        orgId: person.orgId,
        email: row.email,
        language: row.prefs?.language === 'en' ? 'en' : 'zh-TW',
        prefs: row.prefs,
      };
      recipients.push(recipient);
      const ownAdmin =
        person.orgId === alert.orgId &&
        (orgAdminRoles.has(person.role) || (areaScopedRoles.has(person.role) && person.areaId !== null && person.areaId === alert.areaId));
      if (ownAdmin) next.push(recipient);
    }
    return { recipients, next };
  });
}
