import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { PGlite } from '@electric-sql/pglite';
import { OrgType } from '@vigil/contracts';
import { testConfig } from '../../config.ts';
import { startServer, type RunningServer } from '../../server.ts';
import { orgs } from '../schema/index.ts';
import { BackupError, backupDatabase } from './backup.ts';
import { BACKUP_PATH } from './backup-route.ts';
import { readControl } from './control-file.ts';
import { RestoreError, restoreDatabase } from './restore.ts';

/*
 * Online backup of the embedded database: taken from the running server while it serves, restored
 * into a data folder, and read back. A full or read-only folder is a clear error and leaves no file.
 */
const folder = mkdtempSync(join(tmpdir(), 'vigil-backup-'));
const dataDir = join(folder, 'pg');
let server: RunningServer;

beforeAll(async () => {
  // The folder starts as a migrated database with its roles (global-setup's dump), so the server's
  // first start skips migrating from nothing; it still makes its operator account as on any first start.
  const bare = inject('pgliteBare');
  if (bare) await (await PGlite.create({ dataDir, loadDataDir: new Blob([await readFile(bare)]) })).close();
  server = await startServer(testConfig({ dataDir, uploadDir: join(folder, 'uploads'), port: 0, host: '127.0.0.1', adminPassword: 'Admin1234' }));
  await server.database.db.insert(orgs).values({ name: 'T Backup home', type: OrgType.care });
}, 400_000);

afterAll(async () => {
  await server?.stop();
  rmSync(folder, { recursive: true, force: true });
}, 120_000);

const orgNames = async (db: PGlite) => (await db.query<{ name: string }>('SELECT name FROM orgs ORDER BY id')).rows.map((r) => r.name);

describe('npm run db:backup and db:restore', () => {
  it('backs up while the server serves, and a restore reads the same data', async () => {
    const out = join(folder, 'backup.tar.gz');
    const serving = Promise.all(Array.from({ length: 20 }, () => server.app.inject({ method: 'GET', url: '/api/health' })));
    const result = await backupDatabase(dataDir, out);
    expect((await serving).every((r) => r.statusCode === 200)).toBe(true);
    expect(result).toMatchObject({ online: true });
    expect(result.bytes).toBeGreaterThan(1000);
    // A restore is refused while the server holds the folder.
    await expect(restoreDatabase(out, dataDir)).rejects.toThrow(RestoreError);
    const restored = join(folder, 'restored');
    const done = await restoreDatabase(out, restored);
    expect(done.previous).toBeUndefined();
    const db = await PGlite.create({ dataDir: restored });
    try {
      expect(await orgNames(db)).toContain('T Backup home');
    } finally {
      await db.close();
    }
  }, 400_000);

  it('answers the backup route only to the token of the control file', async () => {
    const control = readControl(dataDir)!;
    const res = await fetch(`http://127.0.0.1:${control.port}${BACKUP_PATH}`, { headers: { authorization: 'Bearer wrong' } });
    expect(res.status).toBe(404);
  });

  it('refuses an existing file, a missing folder, and a backup file that is not one', async () => {
    await expect(backupDatabase(dataDir, join(folder, 'backup.tar.gz'))).rejects.toThrow(/already exists/);
    await expect(backupDatabase(dataDir, join(folder, 'nowhere', 'b.tar.gz'))).rejects.toThrow(/does not exist/);
    const restored = join(folder, 'restored');
    await expect(restoreDatabase(join(folder, 'uploads', 'none.tar.gz'), restored)).rejects.toThrow(/no backup file/);
  });

  // A full and a read-only folder are real file systems: small tmpfs mounts, which need root.
  const canMount = process.getuid?.() === 0;
  it.skipIf(!canMount)('a full or read-only folder is a clear error and leaves no file', async () => {
    const full = join(folder, 'full');
    const readOnly = join(folder, 'read-only');
    mkdirSync(full);
    mkdirSync(readOnly);
    try {
      execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=64k', 'tmpfs', full]);
      execFileSync('mount', ['-t', 'tmpfs', '-o', 'ro,size=64k', 'tmpfs', readOnly]);
    } catch {
      console.warn('backup.test.ts: tmpfs mounts refused here; full and read-only folders not tried');
      return;
    }
    try {
      await expect(backupDatabase(dataDir, join(full, 'b.tar.gz'))).rejects.toThrow(/the folder is full \(ENOSPC\)/);
      expect(readdirSync(full)).toEqual([]);
      await expect(backupDatabase(dataDir, join(readOnly, 'b.tar.gz'))).rejects.toThrow(BackupError);
      await expect(backupDatabase(dataDir, join(readOnly, 'b.tar.gz'))).rejects.toThrow(/read-only file system \(EROFS\)/);
      expect(existsSync(join(readOnly, 'b.tar.gz'))).toBe(false);
    } finally {
      execFileSync('umount', [full]);
      execFileSync('umount', [readOnly]);
    }
  }, 400_000);
});
