import { createClient } from 'redis';
import type { Config } from '../config.ts';

/** SPEC-independent hardening: failed sign-ins are counted in fixed 15-minute windows. */
export const LOGIN_WINDOW_MS = 15 * 60_000;

/** Where failure counts live: memory for one instance, Redis when several share the load. */
export interface FailureStore {
  /** Failures counted under `key` in its current window, and the ms until that window ends. */
  get(key: string): Promise<{ count: number; resetInMs: number }>;
  /** Counts one failure; the first failure of a window starts it. */
  hit(key: string, windowMs: number): Promise<void>;
  clear(key: string): Promise<void>;
  close(): Promise<void>;
}

export class MemoryFailureStore implements FailureStore {
  readonly #entries = new Map<string, { count: number; resetAt: number }>();

  async get(key: string) {
    const entry = this.#live(key);
    return entry ? { count: entry.count, resetInMs: entry.resetAt - Date.now() } : { count: 0, resetInMs: 0 };
  }

  async hit(key: string, windowMs: number) {
    const entry = this.#live(key);
    if (entry) entry.count += 1;
    else this.#entries.set(key, { count: 1, resetAt: Date.now() + windowMs });
    // A flood from many addresses must not grow the map without bound.
    if (this.#entries.size > 10_000) this.#sweep();
  }

  async clear(key: string) {
    this.#entries.delete(key);
  }

  async close() {
    this.#entries.clear();
  }

  #live(key: string) {
    const entry = this.#entries.get(key);
    if (entry && entry.resetAt <= Date.now()) {
      this.#entries.delete(key);
      return undefined;
    }
    return entry;
  }

  #sweep() {
    const now = Date.now();
    for (const [key, entry] of this.#entries) if (entry.resetAt <= now) this.#entries.delete(key);
  }
}

export class RedisFailureStore implements FailureStore {
  readonly #client;
  readonly #ready: Promise<unknown>;

  constructor(url: string) {
    this.#client = createClient({ url });
    // Errors surface on the commands; the client reconnects on its own.
    this.#client.on('error', () => undefined);
    this.#ready = this.#client.connect();
  }

  async get(key: string) {
    await this.#ready;
    const [count, ttl] = await Promise.all([this.#client.get(this.#key(key)), this.#client.pTTL(this.#key(key))]);
    return { count: Number(count ?? 0), resetInMs: Math.max(0, Number(ttl)) };
  }

  async hit(key: string, windowMs: number) {
    await this.#ready;
    // NX: only the first failure of a window sets its expiry, so a flood cannot extend it forever.
    await this.#client.multi().incr(this.#key(key)).pExpire(this.#key(key), windowMs, 'NX').exec();
  }

  async clear(key: string) {
    await this.#ready;
    await this.#client.del(this.#key(key));
  }

  async close() {
    await this.#ready.catch(() => undefined);
    if (this.#client.isOpen) await this.#client.quit();
  }

  #key(key: string) {
    return `vigil:login-failures:${key}`;
  }
}

/**
 * Counts failed sign-ins per account and per client address. Each account has its own counter, so
 * a flood against one account locks only that account (and the flooding address), never another.
 */
export class LoginThrottle {
  readonly #store: FailureStore;
  readonly #maxPerAccount: number;
  readonly #maxPerAddress: number;

  constructor(store: FailureStore, limits: { maxPerAccount: number; maxPerAddress: number }) {
    this.#store = store;
    this.#maxPerAccount = limits.maxPerAccount;
    this.#maxPerAddress = limits.maxPerAddress;
  }

  static fromConfig(config: Config): LoginThrottle {
    const store = config.redisUrl ? new RedisFailureStore(config.redisUrl) : new MemoryFailureStore();
    return new LoginThrottle(store, {
      maxPerAccount: config.loginMaxFailuresPerAccount,
      maxPerAddress: config.loginMaxFailuresPerAddress,
    });
  }

  /** Seconds until the caller may try again, or 0 when neither the account nor the address is locked. */
  async retryAfter(account: string, address: string): Promise<number> {
    const [byAccount, byAddress] = await Promise.all([
      this.#store.get(accountKey(account)),
      this.#store.get(addressKey(address)),
    ]);
    let waitMs = 0;
    if (byAccount.count >= this.#maxPerAccount) waitMs = Math.max(waitMs, byAccount.resetInMs);
    if (byAddress.count >= this.#maxPerAddress) waitMs = Math.max(waitMs, byAddress.resetInMs);
    return Math.ceil(waitMs / 1000);
  }

  async recordFailure(account: string, address: string): Promise<void> {
    await Promise.all([
      this.#store.hit(accountKey(account), LOGIN_WINDOW_MS),
      this.#store.hit(addressKey(address), LOGIN_WINDOW_MS),
    ]);
  }

  /** A correct password clears the account's count; the address keeps its own. */
  async recordSuccess(account: string): Promise<void> {
    await this.#store.clear(accountKey(account));
  }

  close(): Promise<void> {
    return this.#store.close();
  }
}

const accountKey = (account: string) => `account:${account.toLowerCase()}`;
const addressKey = (address: string) => `address:${address}`;
