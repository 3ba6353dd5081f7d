import { createClient } from 'redis';
import type { Config } from '../config.ts';

/** Failed sign-ins per account and per address are counted in fixed 15-minute windows. */
export const LOGIN_WINDOW_MS = 15 * 60_000;
/** Failures of one account from one address that cost nothing but the answer: typos happen. */
export const FREE_PAIR_FAILURES = 3;
/** The first delay after the free failures; each further failure doubles it, up to the window. */
export const PAIR_FIRST_DELAY_MS = 1000;

/** Where failure counts live: memory for one instance, Redis when several share the load. */
export interface FailureStore {
  /** Failures counted under `key` in its current window, and the ms until that window ends. */
  get(key: string): Promise<{ count: number; resetInMs: number }>;
  /**
   * Counts one failure and returns the new count. The first failure of a window starts it; with
   * `sliding` every failure restarts it, so the count only lapses after a quiet window.
   */
  hit(key: string, windowMs: number, sliding?: boolean): Promise<number>;
  /** Makes `key` count as one failure for exactly `ms` (a delay to wait out). */
  block(key: string, ms: number): Promise<void>;
  clear(...keys: string[]): Promise<void>;
  close(): Promise<void>;
}

export class MemoryFailureStore implements FailureStore {
  readonly #entries = new Map<string, { count: number; resetAt: number }>();

  async get(key: string) {
    const entry = this.#live(key);
    return entry ? { count: entry.count, resetInMs: entry.resetAt - Date.now() } : { count: 0, resetInMs: 0 };
  }

  async hit(key: string, windowMs: number, sliding = false) {
    const entry = this.#live(key);
    if (entry) {
      entry.count += 1;
      if (sliding) entry.resetAt = Date.now() + windowMs;
    } else this.#entries.set(key, { count: 1, resetAt: Date.now() + windowMs });
    // A flood from many addresses must not grow the map without bound.
    if (this.#entries.size > 10_000) this.#sweep();
    return entry?.count ?? 1;
  }

  async block(key: string, ms: number) {
    this.#entries.set(key, { count: 1, resetAt: Date.now() + ms });
  }

  async clear(...keys: string[]) {
    for (const key of keys) this.#entries.delete(key);
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

  async hit(key: string, windowMs: number, sliding = false) {
    await this.#ready;
    // NX (fixed windows): only the first failure sets the expiry, so a flood cannot extend it forever.
    const [count] = await this.#client
      .multi()
      .incr(this.#key(key))
      .pExpire(this.#key(key), windowMs, sliding ? undefined : 'NX')
      .exec();
    return Number(count);
  }

  async block(key: string, ms: number) {
    await this.#ready;
    await this.#client.set(this.#key(key), '1', { PX: ms });
  }

  async clear(...keys: string[]) {
    await this.#ready;
    if (keys.length) await this.#client.del(keys.map((k) => this.#key(k)));
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
 * Slows password guessing without handing an attacker a way to lock the owner out:
 *
 * - per (account, address) pair, growing delays: after FREE_PAIR_FAILURES failures each further one
 *   must wait 1 s, 2 s, 4 s … up to 15 minutes, counted until a quiet 15 minutes pass. This is what
 *   a guesser at one address meets, and it touches nobody at another address;
 * - per account, a ceiling far above what a person mistypes (LOGIN_MAX_FAILURES_PER_ACCOUNT,
 *   default 100 in 15 minutes) against guessing spread over many addresses;
 * - per address, a limit over all accounts (LOGIN_MAX_FAILURES_PER_ADDRESS) against spraying.
 *
 * The address is request.ip, which follows X-Forwarded-For only from the proxies TRUST_PROXY names.
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

  /** Seconds until this account may be tried again from this address, or 0 when it may now. */
  async retryAfter(account: string, address: string): Promise<number> {
    const [byAccount, byAddress, pairDelay] = await Promise.all([
      this.#store.get(accountKey(account)),
      this.#store.get(addressKey(address)),
      this.#store.get(delayKey(account, address)),
    ]);
    let waitMs = pairDelay.count > 0 ? pairDelay.resetInMs : 0;
    if (byAccount.count >= this.#maxPerAccount) waitMs = Math.max(waitMs, byAccount.resetInMs);
    if (byAddress.count >= this.#maxPerAddress) waitMs = Math.max(waitMs, byAddress.resetInMs);
    return Math.ceil(waitMs / 1000);
  }

  async recordFailure(account: string, address: string): Promise<void> {
    const [pairFailures] = await Promise.all([
      this.#store.hit(pairKey(account, address), LOGIN_WINDOW_MS, true),
      this.#store.hit(accountKey(account), LOGIN_WINDOW_MS),
      this.#store.hit(addressKey(address), LOGIN_WINDOW_MS),
    ]);
    if (pairFailures < FREE_PAIR_FAILURES) return;
    const delay = Math.min(PAIR_FIRST_DELAY_MS * 2 ** Math.min(pairFailures - FREE_PAIR_FAILURES, 20), LOGIN_WINDOW_MS);
    await this.#store.block(delayKey(account, address), delay);
  }

  /**
   * A correct password ends the delays of its own pair. The account and address counts stay: a
   * guesser elsewhere gains nothing from the owner signing in.
   */
  async recordSuccess(account: string, address: string): Promise<void> {
    await this.#store.clear(pairKey(account, address), delayKey(account, address));
  }

  close(): Promise<void> {
    return this.#store.close();
  }
}

const accountKey = (account: string) => `account:${account.toLowerCase()}`;
const addressKey = (address: string) => `address:${address}`;
const pairKey = (account: string, address: string) => `pair:${account.toLowerCase()}@${address}`;
const delayKey = (account: string, address: string) => `delay:${account.toLowerCase()}@${address}`;
