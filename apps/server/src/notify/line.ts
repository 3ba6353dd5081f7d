import { createHash } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { HTTPFetchError, messagingApi } from '@line/bot-sdk';
import type { Db, Tx } from '../db/client.ts';
import { lineChannels, staffLineLinks } from '../db/schema/index.ts';
import type { SecretSealer } from '../auth/second-factor/sealing.ts';
import type { ChannelAdapter, Language, OutboundMessage, RoundSender, SendOutcome } from './channel.ts';
import { loadLineCredentials, type LineCredentials } from './line-channel.ts';
import type { AddressBook } from './registry.ts';

/** LINE's own API address; LINE_API_BASE points elsewhere only for a local stand-in in tests. */
export const LINE_DEFAULT_BASE = 'https://api.line.me';

/** The postback a staff member's "Acknowledge" button sends back to the webhook. */
export const ackPostback = (alertId: number) => `ack:${alertId}`;
export function parseAckPostback(data: string): number | undefined {
  const match = /^ack:(\d{1,10})$/.exec(data);
  return match ? Number(match[1]) : undefined;
}

const ackLabel: Record<Language, string> = { en: 'Acknowledge', 'zh-TW': '確認收到' };
const ackedText: Record<Language, string> = { en: 'Acknowledged', 'zh-TW': '已確認收到' };

/**
 * X-Line-Retry-Key must be a UUID and the same on every retry of one message: it is made from the
 * message's idempotency key, so LINE itself drops a second send of the same alert to the same person.
 */
export function retryKeyOf(idempotencyKey: string): string {
  const h = createHash('sha256').update(idempotencyKey).digest('hex');
  // Shaped as a version 4 UUID (variant 10xx), as LINE checks the form.
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${((parseInt(h[16], 16) & 0x3) | 0x8).toString(16)}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

export type LineAdapterOptions = {
  db: Db;
  sealer: () => Promise<SecretSealer>;
  /** Where LINE's API answers now (notify/settings.ts lineBaseUrl: the variable or the operator's page). */
  baseUrl: () => Promise<string>;
};

/** A client of one organisation's channel. */
export function lineClient(baseUrl: string, accessToken: string): messagingApi.MessagingApiClient {
  return new messagingApi.MessagingApiClient({ channelAccessToken: accessToken, baseURL: baseUrl });
}

/**
 * LINE Messaging API pushes through `@line/bot-sdk`. The address is a LINE user id linked to the
 * organisation's channel (a staff member's or a family contact's); staff also get an "Acknowledge"
 * button whose postback the webhook (modules/channels/line/routes.ts) acts on.
 */
export function createLineAdapter(options: LineAdapterOptions): ChannelAdapter {
  const { db, baseUrl } = options;

  /**
   * One round's sends: each organisation's credentials opened once, the staff links of every
   * address read in one query, the base address asked once.
   */
  async function prepare(batch: readonly { address: string; organizationId: number }[]): Promise<RoundSender> {
    const sealer = await options.sealer();
    const orgIds = [...new Set(batch.map((b) => b.organizationId))];
    const credentials = new Map(await Promise.all(orgIds.map(async (id) => [id, await loadLineCredentials(db, sealer, id)] as const)));
    const addresses = [...new Set(batch.map((b) => b.address))];
    const links = addresses.length
      ? await db
          .select({ orgId: staffLineLinks.orgId, lineUserId: staffLineLinks.lineUserId })
          .from(staffLineLinks)
          .where(and(inArray(staffLineLinks.orgId, orgIds), inArray(staffLineLinks.lineUserId, addresses)))
      : [];
    const staffLinked = new Set(links.map((l) => `${l.orgId}:${l.lineUserId}`));
    const base = await baseUrl();
    return { send: (address, message) => sendWith(base, credentials.get(message.organizationId), staffLinked.has(`${message.organizationId}:${address}`), address, message) };
  }

  async function send(address: string, message: OutboundMessage): Promise<SendOutcome> {
    return (await prepare([{ address, organizationId: message.organizationId }])).send(address, message);
  }

  async function sendWith(base: string, credentials: LineCredentials | undefined, staffLinked: boolean, address: string, message: OutboundMessage): Promise<SendOutcome> {
    if (!credentials) return { status: 'failed', reason: 'the organisation has not connected a LINE channel', permanent: false };
    const canAcknowledge = staffLinked && message.alertId !== null;
    const text: messagingApi.TextMessage = {
      type: 'text',
      text: `${message.title}\n${message.body}`.slice(0, 5000),
      ...(canAcknowledge && {
        quickReply: {
          items: [
            {
              type: 'action',
              action: { type: 'postback', label: ackLabel[message.language], data: ackPostback(message.alertId!), displayText: ackedText[message.language] },
            },
          ],
        },
      }),
    };
    try {
      const response = await lineClient(base, credentials.accessToken).pushMessageWithHttpInfo({ to: address, messages: [text] }, retryKeyOf(message.idempotencyKey));
      return { status: 'sent', providerId: response.body.sentMessages?.[0]?.id };
    } catch (error) {
      if (error instanceof HTTPFetchError) {
        // 409: LINE already accepted a request with this retry key, so the message is out.
        if (error.status === 409) return { status: 'sent' };
        if (error.status === 400 && /to/i.test(error.body)) {
          return { status: 'failed', reason: `LINE does not know user ${address} in this channel (they may have blocked it)`, permanent: true };
        }
        const permanent = error.status >= 400 && error.status < 500 && error.status !== 429;
        return { status: 'failed', reason: `LINE answered ${error.status}: ${error.body.slice(0, 200)}`, permanent };
      }
      return { status: 'failed', reason: error instanceof Error ? error.message : String(error), permanent: false };
    }
  }

  return {
    name: 'line',
    prepare,
    configured: async (organizationId) => (await db.select({ orgId: lineChannels.orgId }).from(lineChannels).where(eq(lineChannels.orgId, organizationId))).length > 0,
    send,
  };
}

/**
 * A staff member's LINE address is the LINE user they linked in their own organisation's channel;
 * read on the alert's transaction.
 */
export const lineAddresses: AddressBook = async (q: Db | Tx, recipients) => {
  const ids = recipients.map((r) => r.staffId);
  const rows = ids.length
    ? await q
        .select({ staffId: staffLineLinks.staffId, orgId: staffLineLinks.orgId, lineUserId: staffLineLinks.lineUserId })
        .from(staffLineLinks)
        .where(inArray(staffLineLinks.staffId, ids))
    : [];
  const orgOf = new Map(recipients.map((r) => [r.staffId, r.orgId]));
  return new Map(rows.filter((r) => orgOf.get(r.staffId) === r.orgId).map((r) => [r.staffId, [r.lineUserId]]));
};
