import { existsSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { liveServer } from './control-file.ts';

/** A clear refusal: printed as it is, with nothing changed. */
export class RestoreError extends Error {}

export type RestoreResult = { dataDir: string; previous?: string; members: number };

/**
 * Puts a backup made by `backupDatabase` in place of the data folder: unpacked into a folder beside
 * it and opened there first (recovery runs, and the members table must answer), then swapped in;
 * the folder it replaces is kept as `<DATA_DIR>.before-restore-<time>`. Refused while a server
 * holds the folder.
 */
export async function restoreDatabase(backup: string, dataDir: string): Promise<RestoreResult> {
  if (!existsSync(backup)) throw new RestoreError(`no backup file at ${backup}`);
  const server = liveServer(dataDir);
  if (server) throw new RestoreError(`a Vigil server (process ${server.pid}, port ${server.port}) is running on ${dataDir}: stop it first`);
  const staging = `${dataDir}.restoring`;
  rmSync(staging, { recursive: true, force: true });
  let members: number;
  try {
    const db = await PGlite.create({ dataDir: staging, loadDataDir: new Blob([readFileSync(backup)]) });
    try {
      members = (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM members')).rows[0].n;
    } finally {
      await db.close();
    }
  } catch (err) {
    rmSync(staging, { recursive: true, force: true });
    throw new RestoreError(`${backup} is not a readable Vigil backup: ${(err as Error).message}`);
  }
  let previous: string | undefined;
  if (existsSync(dataDir)) {
    previous = `${dataDir}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
    renameSync(dataDir, previous);
  }
  renameSync(staging, dataDir);
  return { dataDir, previous, members };
}
