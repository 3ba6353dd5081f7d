import { timingSafeEqual } from 'node:crypto';
import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { PGlite } from '@electric-sql/pglite';
import { routeNotFound } from '../../http/error-handler.ts';

export const BACKUP_PATH = '/internal/backup';

const loopback = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

function sameToken(given: string | undefined, token: string | undefined): boolean {
  if (!given || !token) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Snapshot of the embedded database while it serves: PGlite dumps its data folder as a gzip tar
 * under its query lock, so no statement runs during the copy and the snapshot is as consistent as
 * after a power cut (recovery replays the write-ahead log on restore); a checkpoint first keeps
 * that replay short.
 */
export async function snapshot(client: PGlite): Promise<Blob> {
  await client.exec('CHECKPOINT');
  return client.dumpDataDir('gzip');
}

/**
 * GET /internal/backup for `npm run db:backup`: answered only to this machine (the socket's own
 * address, whatever X-Forwarded-For says) and to the token in the server's control file, which
 * only the server's user can read (control-file.ts). Outside the API prefix: no staff sign-in.
 */
export function registerBackupRoute(app: FastifyInstance, client: PGlite, token: () => string | undefined): void {
  app.get(BACKUP_PATH, { schema: { hide: true } }, async (request, reply) => {
    const bearer = request.headers.authorization?.replace(/^Bearer /, '');
    if (!loopback.has(request.raw.socket.remoteAddress ?? '') || !sameToken(bearer, token())) {
      // Refused as if absent: nothing tells a probe that a backup route exists.
      return reply.status(404).send(routeNotFound(request.method, request.url));
    }
    const started = Date.now();
    const blob = await snapshot(client);
    request.log.info({ bytes: blob.size, ms: Date.now() - started }, 'online backup of the embedded database taken');
    reply.header('content-type', 'application/gzip').header('content-length', blob.size).header('cache-control', 'no-store');
    return reply.send(Readable.fromWeb(blob.stream() as never));
  });
}
