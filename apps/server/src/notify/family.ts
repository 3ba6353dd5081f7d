import { and, eq, inArray } from 'drizzle-orm';
import { familyCategories } from '@vigil/contracts';
import type { Db, Tx } from '../db/client.ts';
import { familyContacts, type abnormalEvents } from '../db/schema/index.ts';
import type { ChannelName, Language } from './channel.ts';

/** One family contact to tell about one alert, with the address on their channel. */
export type FamilyRecipient = { contactId: number; name: string; language: Language; channel: Extract<ChannelName, 'email' | 'line'>; address: string };

/** What of an alert (its row in abnormal_events) decides who in the family hears of it. */
export type AlertForFamily = Pick<typeof abnormalEvents.$inferSelect, 'orgId' | 'memberId' | 'category'>;

/**
 * The family contacts of the alert's member who are told of it: enabled, of the member's own
 * organisation, having chosen the alert's category, the category one families may receive at all
 * (never device upkeep), and with a usable address (a LINE contact only once linked).
 */
export async function familyRecipientsOf(db: Db | Tx, alert: AlertForFamily): Promise<FamilyRecipient[]> {
  return (await familyRecipientsOfAll(db, [alert]))[0];
}

/**
 * `familyRecipientsOf` for a batch of alerts, one query: the outbox calls it on the alerts' own
 * transaction. A contact is only ever matched to an alert about their own member.
 */
export async function familyRecipientsOfAll(q: Db | Tx, alerts: readonly AlertForFamily[]): Promise<FamilyRecipient[][]> {
  // An alert about no member (a device or a room) concerns no family.
  const concerns = (a: AlertForFamily) => a.memberId !== null && (familyCategories as readonly number[]).includes(a.category);
  const memberIds = [...new Set(alerts.filter(concerns).map((a) => a.memberId!))];
  const contacts = memberIds.length
    ? await q
        .select()
        .from(familyContacts)
        .where(and(inArray(familyContacts.memberId, memberIds), eq(familyContacts.enabled, true)))
        .orderBy(familyContacts.id)
    : [];
  return alerts.map((alert) => {
    if (!concerns(alert)) return [];
    return contacts.flatMap((c): FamilyRecipient[] => {
      if (c.memberId !== alert.memberId || c.orgId !== alert.orgId || !c.categories.includes(alert.category)) return [];
      const address = c.channel === 'line' ? c.lineUserId : c.email;
      if (!address) return [];
      return [{ contactId: c.id, name: c.name, language: c.language === 'en' ? 'en' : 'zh-TW', channel: c.channel as 'email' | 'line', address }];
    });
  });
}
