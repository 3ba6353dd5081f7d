import { createAdapter } from '@socket.io/redis-adapter';
import { createClient } from 'redis';
import type { FastifyBaseLogger } from 'fastify';

export type RedisLink = {
  adapter: ReturnType<typeof createAdapter>;
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
  return {
    adapter: createAdapter(pub, sub, { key: 'vigil', publishOnSpecificResponseChannel: true }),
    async close() {
      await Promise.allSettled([pub.close(), sub.close()]);
    },
  };
}
