import type { NotifyChannel } from '@vigil/contracts';
import type { Db, Tx } from '../db/client.ts';
import type { ChannelAdapter } from './channel.ts';
import type { Recipient } from './recipients.ts';

/**
 * Where a channel reaches a person: a mailbox, push subscriptions, a linked LINE user. Runs on the
 * caller's transaction (the alert's own) and must use only `q`.
 */
export type AddressBook = (q: Db | Tx, recipients: readonly Recipient[]) => Promise<Map<number, string[]>>;

type Entry = { adapter: ChannelAdapter; addresses: AddressBook };

/**
 * The channels the outbox worker sends through, each registered by one line
 * (`app.notify.channels.register(adapter, addresses)`); the worker knows nothing else about them.
 */
export class ChannelRegistry {
  readonly #entries = new Map<NotifyChannel, Entry>();
  /** Which channels were configured at the last check, per organisation (read without a query). */
  #live = new Map<number, Set<NotifyChannel>>();

  register(adapter: ChannelAdapter, addresses: AddressBook): void {
    this.#entries.set(adapter.name, { adapter, addresses });
  }

  get(name: string): Entry | undefined {
    return this.#entries.get(name as NotifyChannel);
  }

  names(): NotifyChannel[] {
    return [...this.#entries.keys()];
  }

  /** Re-reads which channels are configured for these organisations (outside any transaction). */
  async refreshLive(orgIds: readonly number[]): Promise<void> {
    for (const orgId of orgIds) {
      const live = new Set<NotifyChannel>();
      for (const [name, { adapter }] of this.#entries) if (await adapter.configured(orgId)) live.add(name);
      this.#live.set(orgId, live);
    }
  }

  /**
   * Drops what was last checked (one organisation's, or all): a channel was connected or its
   * settings changed, so new alerts are written for every registered channel until the next check.
   */
  forget(orgId?: number): void {
    if (orgId === undefined) this.#live.clear();
    else this.#live.delete(orgId);
  }

  /**
   * The channels worth writing outbox rows for: the configured ones as last checked; an
   * organisation not checked yet gets every registered channel, and the worker's own check at
   * send time (authoritative) cancels what turns out not to be configured.
   */
  liveFor(orgId: number): NotifyChannel[] {
    const live = this.#live.get(orgId);
    return live ? [...live] : this.names();
  }
}
