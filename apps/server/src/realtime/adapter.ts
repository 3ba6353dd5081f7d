import { createAdapter } from '@socket.io/redis-adapter';
import { createClient } from 'redis';
import type { FastifyBaseLogger } from 'fastify';

export type RedisLink = {
  adapter: ReturnType<typeof createAdapter>;
  /**
   * Called when the subscriber is back after an outage, with the unix second the outage began:
   * broadcasts from other instances in between were lost (pub/sub keeps none).
   */
  onRecovered(listener: (downSince: number) => void): void;
  close(): Promise<void>;
};

/**
 * Socket.IO's Redis (pub/sub) adapter: a broadcast on one instance is published on Redis and every
 * other instance delivers it to its own sockets in the same rooms. Pub/sub keeps no history, so
 * what a client misses while disconnected is replayed from the database (catch-up.ts), not by
 * Socket.IO's connection-state recovery, which this adapter does not support.
 */
export async function connectRedisAdapter(url: string, log: FastifyBaseLogger): Promise<RedisLink> {
  const pub = createClient({ url });
  const sub = pub.duplicate();
  // A Redis outage must not crash the process: the client reconnects by itself and local
  // delivery keeps working meanwhile; only cross-instance delivery pauses.
  pub.on('error', (err: Error) => log.warn({ err }, 'realtime: redis publisher error'));
  sub.on('error', (err: Error) => log.warn({ err }, 'realtime: redis subscriber error'));
  await Promise.all([pub.connect(), sub.connect()]);
  let downSince: number | null = null;
  const listeners: ((downSince: number) => void)[] = [];
  const markDown = () => {
    downSince ??= Math.floor(Date.now() / 1000);
  };
  sub.on('error', markDown);
  sub.on('reconnecting', markDown);
  sub.on('ready', () => {
    if (downSince === null) return;
    const since = downSince;
    downSince = null;
    log.info({ since }, 'realtime: redis back, replaying what other instances raised meanwhile');
    for (const listener of listeners) listener(since);
  });
  return {
    adapter: createAdapter(pub, sub, { key: 'vigil', publishOnSpecificResponseChannel: true }),
    onRecovered: (listener) => void listeners.push(listener),
    async close() {
      await Promise.allSettled([pub.close(), sub.close()]);
    },
  };
}
