import type { AlertPriority } from '@vigil/contracts';

/**
 * The channels that reach a person off the console (issue 27, docs/notifications.md). The console
 * itself (the staff socket, the bell) is tier 0 and not a channel here: it needs no address.
 */
export type ChannelName = 'push' | 'email' | 'line';

export type Language = 'en' | 'zh-TW';

/** One message to one address on one channel, already in the recipient's language. */
export type OutboundMessage = {
  /** Alert, recipient and channel (and tier): the peer may see it twice, the person must not. */
  idempotencyKey: string;
  organizationId: number;
  /** The alert this message is about; null for messages that are not about an alert (a report, a test). */
  alertId: number | null;
  priority: AlertPriority | null;
  language: Language;
  title: string;
  body: string;
  /** The console's path that opens what the message is about (`/alert/123`). */
  link: string;
  /** Files sent along where the channel carries them (email: a scheduled report). */
  attachments?: { filename: string; contentType: string; content: Buffer }[];
};

/**
 * What a channel says about one send. `permanent` failures (an expired push subscription, an
 * unknown LINE user, a refused mailbox) are not retried; the address is dropped or its owner told.
 */
export type SendOutcome =
  | { status: 'sent' | 'delivered'; providerId?: string }
  | { status: 'failed'; reason: string; permanent: boolean };

/** A channel's sender for one round of the outbox worker, its look-ups done once for the round. */
export type RoundSender = {
  send(address: string, message: OutboundMessage): Promise<SendOutcome>;
  /** Writes what the round's sends learnt (e.g. a subscription's last success) in one statement. */
  settle?(): Promise<void>;
};

/** One channel as a small adapter: the outbox worker knows nothing else about it. */
export interface ChannelAdapter {
  readonly name: ChannelName;
  /** Whether the channel is set up (settings present) for this organisation; off until configured. */
  configured(organizationId: number): Promise<boolean>;
  /** Sends one message to one channel-specific address (a subscription id, a mailbox, a LINE user id). */
  send(address: string, message: OutboundMessage): Promise<SendOutcome>;
  /**
   * A sender for a whole round: reads what the round's sends need (subscriptions, credentials,
   * links) in one query each instead of one per message. Without it the worker calls `send`.
   */
  prepare?(batch: readonly { address: string; organizationId: number }[]): Promise<RoundSender>;
}
