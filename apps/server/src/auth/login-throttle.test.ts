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
        await one.recordSuccess(`alice${suffix}`);
        expect(await two.retryAfter(`alice${suffix}`, `10.1.0.3${suffix}`)).toBe(0);
        for (const account of ['a', 'b', 'c']) await one.recordFailure(account + suffix, `10.1.0.9${suffix}`);
        expect(await two.retryAfter(`dave${suffix}`, `10.1.0.9${suffix}`)).toBeGreaterThan(0);
      } finally {
        await one.close();
      }
    });
  });
}

sharedStoreSuite('memory', () => new MemoryFailureStore());
// Runs where a Redis is at hand: TEST_REDIS_URL=redis://127.0.0.1:6379 npx vitest run ...
sharedStoreSuite('Redis', () => new RedisFailureStore(redisUrl ?? 'redis://unused'), !redisUrl);
