import { describe, expect, it } from 'vitest';
import { LoginThrottle, MemoryFailureStore, RedisFailureStore, type FailureStore } from './login-throttle.ts';

const redisUrl = process.env.TEST_REDIS_URL;

/** The same rules on both stores; two throttles on one store stand for two server instances. */
function sharedStoreSuite(name: string, makeStore: () => FailureStore, skip = false) {
  describe.skipIf(skip)(`login throttle on ${name}`, () => {
    it('shares counts between instances, per account (case-insensitive) and per address', async () => {
      const store = makeStore();
      const suffix = Math.random().toString(36).slice(2);
      const one = new LoginThrottle(store, { maxPerAccount: 2, maxPerAddress: 3 });
      const two = new LoginThrottle(store, { maxPerAccount: 2, maxPerAddress: 3 });
      try {
        await one.recordFailure(`Alice${suffix}`, `10.1.0.1${suffix}`);
        expect(await two.retryAfter(`alice${suffix}`, `10.1.0.2${suffix}`)).toBe(0);
        await two.recordFailure(`alice${suffix}`, `10.1.0.2${suffix}`);
        expect(await one.retryAfter(`ALICE${suffix}`, `10.1.0.3${suffix}`)).toBeGreaterThan(14 * 60);
        expect(await one.retryAfter(`bob${suffix}`, `10.1.0.3${suffix}`)).toBe(0);
        // The owner's correct password does not clear the account ceiling a guesser built up.
        await one.recordSuccess(`alice${suffix}`, `10.1.0.3${suffix}`);
        expect(await two.retryAfter(`alice${suffix}`, `10.1.0.3${suffix}`)).toBeGreaterThan(0);
        for (const account of ['a', 'b', 'c']) await one.recordFailure(account + suffix, `10.1.0.9${suffix}`);
        expect(await two.retryAfter(`dave${suffix}`, `10.1.0.9${suffix}`)).toBeGreaterThan(0);
      } finally {
        await one.close();
      }
    });

    it('delays guesses per account and address, growing, while the owner at another address is free', async () => {
      const store = makeStore();
      const suffix = Math.random().toString(36).slice(2);
      const throttle = new LoginThrottle(store, { maxPerAccount: 100, maxPerAddress: 50 });
      const [owner, attacker, home] = [`owner${suffix}`, `10.2.0.1${suffix}`, `10.2.0.2${suffix}`];
      try {
        const waits: number[] = [];
        for (let i = 0; i < 10; i++) {
          await throttle.recordFailure(owner, attacker);
          waits.push(await throttle.retryAfter(owner, attacker));
        }
        // Three free failures, then 1 s, 2 s, 4 s … doubling.
        expect(waits).toEqual([0, 0, 1, 2, 4, 8, 16, 32, 64, 128]);
        expect(await throttle.retryAfter(owner, home)).toBe(0);
        await throttle.recordSuccess(owner, home);
        expect(await throttle.retryAfter(owner, attacker)).toBe(128);
        // The owner's success at the attacker's address would end that pair's delays.
        await throttle.recordSuccess(owner, attacker);
        expect(await throttle.retryAfter(owner, attacker)).toBe(0);
      } finally {
        await throttle.close();
      }
    });
  });
}

sharedStoreSuite('memory', () => new MemoryFailureStore());
// Runs where a Redis is at hand: TEST_REDIS_URL=redis://127.0.0.1:6379 npx vitest run ...
sharedStoreSuite('Redis', () => new RedisFailureStore(redisUrl ?? 'redis://unused'), !redisUrl);
