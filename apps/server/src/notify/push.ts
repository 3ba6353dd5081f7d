import { createHash, randomBytes } from 'node:crypto';
import type { Agent } from 'node:https';
import { eq, inArray, sql } from 'drizzle-orm';
import webpush, { WebPushError } from 'web-push';
import { AlertPriority } from '@vigil/contracts';
import type { Db, Tx } from '../db/client.ts';
import { pushExpiries, pushSubscriptions } from '../db/schema/index.ts';
import type { SecretSealer } from '../auth/second-factor/sealing.ts';
import type { ChannelAdapter, OutboundMessage, RoundSender, SendOutcome } from './channel.ts';
import type { AddressBook } from './registry.ts';
import { signAckToken } from './ack-token.ts';
import { ensureServerKey } from './server-keys.ts';
import { ensureVapidKeys, type VapidKeys } from './vapid.ts';

/** What the service worker (apps/web/public/sw.js) receives in a push: all it needs to show and act. */
export type PushPayload = {
  title: string;
  body: string;
  /** The console path the notification opens. */
  link: string;
  alertId: number | null;
  priority: OutboundMessage['priority'];
  /** Signed, short-lived: lets the notification's "Acknowledge" action act without a sign-in. */
  ackToken: string | null;
  /** The action's label in the recipient's language (the service worker knows no language). */
  ackLabel: string;
  /** One notification per alert on a device: a repeat replaces the earlier one. */
  tag: string;
};

export type PushAdapterOptions = {
  db: Db;
  sealer: () => Promise<SecretSealer>;
  /** VAPID_SUBJECT (`mailto:` or `https:`); unset, the channel is off. */
  subject: string | undefined;
  /** Seconds a push service keeps an undelivered message (the device is off): an alert is stale after that. */
  ttlSeconds?: number;
  /** The HTTPS agent towards push services; tests pass one trusting their local receiver's certificate. */
  agent?: Agent;
};

// RFC 8030 urgency: a high-priority alert wakes a phone in power saving; a low one may wait.
const urgencyOf = (priority: OutboundMessage['priority']) =>
  priority === AlertPriority.high ? 'high' : priority === AlertPriority.low ? 'low' : 'normal';

/**
 * RFC 8030 §5.4 Topic (at most 32 URL-safe base64 characters), from the idempotency key: a push
 * service still holding a message for an offline device replaces it with a later one of the same
 * topic, so a copy sent again after a crash is not delivered twice once the device comes back.
 * (A message already delivered is not replaced: the service worker's tag covers the screen then.)
 */
export const topicOf = (idempotencyKey: string) => createHash('sha256').update(idempotencyKey).digest('base64url').slice(0, 32);

const VAPID_TOKEN_SECONDS = 12 * 60 * 60;
const VAPID_REUSE_MS = 60 * 60_000;

/** A push service's "this subscription is gone" answers (RFC 8030 §7.3 and practice). */
const GONE = new Set([404, 410]);

/**
 * Web push (RFC 8030/8291/8292) through the `web-push` package. The address is a push
 * subscription's id; a subscription its push service says is gone is removed and its owner told
 * on the personal page.
 */
export function createPushAdapter(options: PushAdapterOptions): ChannelAdapter & { keys(): Promise<VapidKeys> } {
  const { db, subject, ttlSeconds = 60 * 60 } = options;
  let vapid: Promise<VapidKeys> | undefined;
  let ackKey: Promise<Buffer> | undefined;
  const keys = () =>
    (vapid ??= options.sealer().then((s) => ensureVapidKeys(db, s))).catch((error) => {
      vapid = undefined;
      throw error;
    });
  const ackSigningKey = () =>
    (ackKey ??= options
      .sealer()
      .then((s) => ensureServerKey(db, s, 'push-ack', () => ({ publicValue: '', secret: randomBytes(32).toString('hex') })))
      .then((k) => Buffer.from(k.secret, 'hex'))).catch((error) => {
      ackKey = undefined;
      throw error;
    });

  // RFC 8292 allows a VAPID token for up to 24 h: one per push service, signed once and reused for
  // an hour (valid for 12), instead of an ES256 signature per notification.
  const vapidTokens = new Map<string, { authorization: string; until: number }>();
  function vapidAuthorization(endpoint: string, { publicKey, privateKey }: VapidKeys): string {
    const audience = new URL(endpoint).origin;
    const now = Date.now();
    const cached = vapidTokens.get(audience);
    if (cached && cached.until > now) return cached.authorization;
    const expiration = Math.floor(now / 1000) + VAPID_TOKEN_SECONDS;
    const { Authorization } = webpush.getVapidHeaders(audience, subject!, publicKey, privateKey, 'aes128gcm', expiration);
    vapidTokens.set(audience, { authorization: Authorization, until: now + VAPID_REUSE_MS });
    return Authorization;
  }

  /** One round's sends: the subscriptions read in one query, the keys once; successes written together. */
  async function prepare(batch: readonly { address: string }[]): Promise<RoundSender> {
    const ids = [...new Set(batch.map((b) => Number(b.address)).filter((id) => Number.isInteger(id)))];
    const subs = new Map((ids.length ? await db.select().from(pushSubscriptions).where(inArray(pushSubscriptions.id, ids)) : []).map((s) => [s.id, s]));
    const succeeded = new Set<number>();
    return {
      async send(address, message) {
        if (!subject) return { status: 'failed', reason: 'web push is not configured (VAPID_SUBJECT)', permanent: false };
        const sub = subs.get(Number(address));
        if (!sub) return { status: 'failed', reason: `no push subscription ${address}`, permanent: true };
        const outcome = await sendTo(sub, message);
        if (outcome.status !== 'failed') succeeded.add(sub.id);
        return outcome;
      },
      async settle() {
        if (succeeded.size) await db.update(pushSubscriptions).set({ lastSuccessAt: sql`now()` }).where(inArray(pushSubscriptions.id, [...succeeded]));
      },
    };
  }

  async function sendTo(sub: typeof pushSubscriptions.$inferSelect, message: OutboundMessage): Promise<SendOutcome> {
    const vapidKeys = await keys();
    const payload: PushPayload = {
      title: message.title,
      body: message.body,
      link: message.link,
      alertId: message.alertId,
      priority: message.priority,
      ackToken: message.alertId === null ? null : signAckToken(await ackSigningKey(), { alertId: message.alertId, staffId: sub.staffId }),
      ackLabel: message.language === 'zh-TW' ? '確認收到' : 'Acknowledge',
      tag: message.alertId === null ? message.idempotencyKey : `alert-${message.alertId}`,
    };
    try {
      const result = await webpush.sendNotification({ endpoint: sub.endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } }, JSON.stringify(payload), {
        // The token is ours (above), so web-push is given no VAPID details to sign with.
        headers: { Authorization: vapidAuthorization(sub.endpoint, vapidKeys) },
        TTL: ttlSeconds,
        urgency: urgencyOf(message.priority),
        topic: topicOf(message.idempotencyKey),
        contentEncoding: 'aes128gcm',
        timeout: 10_000,
        ...(options.agent && { agent: options.agent }),
      });
      return { status: 'sent', providerId: result.headers.location ?? undefined };
    } catch (error) {
      if (error instanceof WebPushError) {
        if (GONE.has(error.statusCode)) {
          await expire(db, sub);
          return { status: 'failed', reason: `push subscription gone (${error.statusCode})`, permanent: true };
        }
        // 429 and 5xx are the push service's passing trouble; other 4xx will not change on a retry.
        const permanent = error.statusCode >= 400 && error.statusCode < 500 && error.statusCode !== 429;
        return { status: 'failed', reason: `push service answered ${error.statusCode}`, permanent };
      }
      return { status: 'failed', reason: error instanceof Error ? error.message : String(error), permanent: false };
    }
  }

  async function send(address: string, message: OutboundMessage): Promise<SendOutcome> {
    const round = await prepare([{ address }]);
    const outcome = await round.send(address, message);
    await round.settle?.();
    return outcome;
  }

  return { name: 'push', configured: async () => Boolean(subject), send, prepare, keys };
}

/** Removes a gone subscription and leaves its owner a note, in one transaction. */
async function expire(db: Db, sub: typeof pushSubscriptions.$inferSelect): Promise<void> {
  await db.transaction(async (tx) => {
    const removed = await tx.delete(pushSubscriptions).where(eq(pushSubscriptions.id, sub.id)).returning({ id: pushSubscriptions.id });
    if (removed.length > 0) await tx.insert(pushExpiries).values({ staffId: sub.staffId, label: sub.label });
  });
}

/** A person's push addresses are their subscriptions (one per browser), by id; read on the alert's transaction. */
export const pushAddresses: AddressBook = async (q: Db | Tx, recipients) => {
  const ids = recipients.map((r) => r.staffId);
  const rows = ids.length
    ? await q
        .select({ id: pushSubscriptions.id, staffId: pushSubscriptions.staffId })
        .from(pushSubscriptions)
        .where(inArray(pushSubscriptions.staffId, ids))
        .orderBy(pushSubscriptions.id)
    : [];
  const book = new Map<number, string[]>();
  for (const r of rows) book.set(r.staffId, [...(book.get(r.staffId) ?? []), String(r.id)]);
  return book;
};
