import { createHash } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { abnormalTypePriority, type NotifyChannel } from '@vigil/contracts';
import type { Db, Tx } from '../db/client.ts';
import { notifyOrgPolicies, notifyOutbox } from '../db/schema/index.ts';
import { channelPrefsOf, tiers, timeoutsOf } from './policy.ts';
import { familyRecipientsOfAll } from './family.ts';
import { recipientsOf, type Recipient } from './recipients.ts';
import type { ChannelRegistry } from './registry.ts';

/** An alert just stored, as the outbox needs it. */
export type RaisedAlert = { id: number; orgId: number; areaId: number | null; memberId: number | null; type: number; category: number; occurTime: Date };

type OutboxRow = typeof notifyOutbox.$inferInsert;

const INSERT_CHUNK = 1_000;

/** Who a send is for in its idempotency key: a staff member (`s12`) or a family contact (`f3`). */
export type KeyedRecipient = { staffId: number } | { contactId: number };

/** alert, recipient, channel, tier, repeat and (for several addresses) which address: one send. */
export function idempotencyKey(alertId: number, who: KeyedRecipient, channel: string, tier: number, repeat: number, address: string): string {
  const addr = createHash('sha256').update(address).digest('base64url').slice(0, 10);
  const person = 'staffId' in who ? `s${who.staffId}` : `f${who.contactId}`;
  return `a${alertId}.${person}.${channel}.t${tier}.r${repeat}.${addr}`;
}

/** Family contacts are told once, at once (tier 0): they are informed, not asked to act. */
export const FAMILY_TIER = 0;

/** Whether this person wants this priority on this channel, and the channel is not switched off. */
function wants(r: Recipient, channel: NotifyChannel, priority: 'high' | 'medium' | 'low'): boolean {
  if (r.prefs?.disabledChannels?.[channel]) return false;
  return channelPrefsOf(r.prefs?.channels)[channel].includes(priority);
}

/**
 * Writes the notifications of newly raised alerts, on the alerts' own transaction: one row per
 * alert × recipient × channel × tier, due when that tier's acknowledgement timeout runs out, and
 * one per family contact of the alert's member told at once. A raised alert therefore always has
 * its notifications, and an alert rolled back has none. Only `q` is used (PGlite has one
 * connection: a second query on the pool would wait for ever); `routingCache` is the app's
 * database, whose cached rule sets routing keeps (misses are read through `q`).
 */
export async function enqueueAlertNotifications(
  q: Db | Tx,
  registry: ChannelRegistry,
  alerts: readonly RaisedAlert[],
  routingCache: Db | Tx = q,
): Promise<number> {
  if (!alerts.length || !registry.names().length) return 0;
  const orgIds = [...new Set(alerts.map((a) => a.orgId))];
  const channelsOf = new Map(orgIds.map((id) => [id, registry.liveFor(id)]));
  if (![...channelsOf.values()].some((c) => c.length)) return 0;
  const policies = new Map(
    (await q.select().from(notifyOrgPolicies).where(inArray(notifyOrgPolicies.orgId, orgIds))).map((p) => [p.orgId, timeoutsOf(p.timeouts)]),
  );
  const audiences = await recipientsOf(q, alerts, routingCache);
  const families = await familyRecipientsOfAll(q, alerts);
  // One address lookup per channel for everyone in the batch.
  const everyone = new Map<number, Recipient>();
  for (const { recipients, next } of audiences) for (const r of [...recipients, ...next]) everyone.set(r.staffId, r);
  const books = new Map<NotifyChannel, Map<number, string[]>>();
  for (const name of registry.names()) books.set(name, await registry.get(name)!.addresses(q, [...everyone.values()]));

  const rows: OutboxRow[] = [];
  alerts.forEach((alert, i) => {
    const priority = abnormalTypePriority(alert.type);
    const minutes = (policies.get(alert.orgId) ?? timeoutsOf(undefined))[priority];
    const live = channelsOf.get(alert.orgId) ?? [];
    const audience = audiences[i];
    for (const tier of tiers) {
      const dueAt = new Date(alert.occurTime.getTime() + tier.after * minutes * 60_000);
      for (const channel of tier.channels) {
        if (!live.includes(channel)) continue;
        for (const person of tier.audience === 'recipients' ? audience.recipients : audience.next) {
          if (!wants(person, channel, priority)) continue;
          // A LINE user is linked to their own organisation's channel, the one a message goes out on.
          if (channel === 'line' && person.orgId !== alert.orgId) continue;
          for (const address of books.get(channel)?.get(person.staffId) ?? []) {
            rows.push({
              orgId: alert.orgId,
              alertId: alert.id,
              staffId: person.staffId,
              channel,
              address,
              language: person.language,
              tier: tier.tier,
              idempotencyKey: idempotencyKey(alert.id, person, channel, tier.tier, 0, address),
              dueAt,
            });
          }
        }
      }
    }
    for (const contact of families[i]) {
      if (!live.includes(contact.channel)) continue;
      rows.push({
        orgId: alert.orgId,
        alertId: alert.id,
        staffId: null,
        channel: contact.channel,
        address: contact.address,
        language: contact.language,
        tier: FAMILY_TIER,
        idempotencyKey: idempotencyKey(alert.id, contact, contact.channel, FAMILY_TIER, 0, contact.address),
        dueAt: alert.occurTime,
      });
    }
  });
  for (let i = 0; i < rows.length; i += INSERT_CHUNK) await q.insert(notifyOutbox).values(rows.slice(i, i + INSERT_CHUNK)).onConflictDoNothing();
  return rows.length;
}

/**
 * Acknowledging or handling an alert, from any channel, stops its chain everywhere: every send
 * still waiting is cancelled (the worker also re-checks the alert before each send).
 */
export async function stopChain(q: Db | Tx, alertId: number, reason: 'acknowledged' | 'handled'): Promise<void> {
  await q
    .update(notifyOutbox)
    .set({ status: 'cancelled', reason, updatedAt: new Date() })
    .where(and(eq(notifyOutbox.alertId, alertId), eq(notifyOutbox.status, 'queued')));
}
