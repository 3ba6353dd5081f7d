import { createWriteStream, renameSync, rmSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { BACKUP_PATH, snapshot } from './backup-route.ts';
import { liveServer } from './control-file.ts';

/** A clear refusal: printed as it is, with nothing changed. */
export class BackupError extends Error {}

const reasons: Record<string, string> = {
  ENOSPC: 'the folder is full',
  EDQUOT: 'the disk quota is used up',
  EROFS: 'the folder is on a read-only file system',
  EACCES: 'the folder is not writable by this user',
  EPERM: 'the folder is not writable by this user',
  ENOENT: 'the folder does not exist',
  ENOTDIR: 'the folder does not exist',
};

function explain(err: unknown, out: string): BackupError {
  const code = (err as NodeJS.ErrnoException).code ?? '';
  return new BackupError(`cannot write ${out}: ${reasons[code] ?? (err as Error).message}${code ? ` (${code})` : ''}`);
}

/**
 * Writes the stream to `out` through `<out>.partial`, renamed only when complete: a full or
 * read-only folder leaves no file behind, and an existing file of that name is never replaced.
 */
async function writeAtomically(out: string, body: () => Promise<Readable>): Promise<number> {
  if (existsSync(out)) throw new BackupError(`${out} already exists; choose another name`);
  const partial = `${out}.partial`;
  let handle;
  try {
    handle = await open(partial, 'wx', 0o600);
  } catch (err) {
    throw explain(err, out);
  }
  await handle.close();
  try {
    const stream = await body();
    const file = createWriteStream(partial, { flags: 'w' });
    await pipeline(stream, file);
    renameSync(partial, out);
    return file.bytesWritten;
  } catch (err) {
    rmSync(partial, { force: true });
    throw err instanceof BackupError ? err : explain(err, out);
  }
}

/** Asks the server running on the data folder for a snapshot (backup-route.ts). */
async function fromServer(port: number, token: string, signal: AbortSignal): Promise<Readable> {
  let res: Response;
  try {
    res = await fetch(`http://127.0.0.1:${port}${BACKUP_PATH}`, { headers: { authorization: `Bearer ${token}` }, signal });
  } catch (err) {
    throw new BackupError(`the server on port ${port} did not answer on 127.0.0.1: ${(err as Error).message}`);
  }
  if (!res.ok || !res.body) throw new BackupError(`the server on port ${port} refused the backup (HTTP ${res.status})`);
  return Readable.fromWeb(res.body as never);
}

/** Opens the stopped database itself and dumps it. */
async function offline(dataDir: string): Promise<Readable> {
  const db = await PGlite.create({ dataDir });
  try {
    return Readable.fromWeb((await snapshot(db)).stream() as never);
  } finally {
    await db.close();
  }
}

export type BackupResult = { out: string; bytes: number; online: boolean };

/**
 * A backup of the embedded database at `dataDir` into the file `out` (a gzip tar of the data
 * folder, as PGlite dumps it): from the running server when one holds the folder, else directly.
 */
export async function backupDatabase(dataDir: string, out: string): Promise<BackupResult> {
  if (!existsSync(join(dataDir, 'PG_VERSION'))) throw new BackupError(`no embedded database in ${dataDir} (set DATA_DIR or pass --data-dir)`);
  const server = liveServer(dataDir);
  // A write that fails halfway (a full disk) drops the download too: left open, the server's
  // answer was never finished, and its shutdown waited for the connection's keep-alive (72 s).
  const download = new AbortController();
  try {
    const bytes = await writeAtomically(out, () => (server ? fromServer(server.port, server.token, download.signal) : offline(dataDir)));
    return { out, bytes, online: Boolean(server) };
  } finally {
    download.abort();
  }
}
