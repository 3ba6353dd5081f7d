import { parseArgs } from 'node:util';
import { loadConfig } from '../../config.ts';
import { BackupError, backupDatabase } from './backup.ts';
import { userPath } from './user-path.ts';

// npm run db:backup [-- --out vigil-backup.tar.gz] [--data-dir ./data/pglite]
const { values } = parseArgs({ options: { out: { type: 'string' }, 'data-dir': { type: 'string' } } });
const dataDir = values['data-dir'] ? userPath(values['data-dir']) : loadConfig().dataDir;
const out = userPath(values.out ?? `vigil-backup-${new Date().toISOString().replace(/[:.]/g, '-')}.tar.gz`);
try {
  const result = await backupDatabase(dataDir, out);
  const how = result.online ? 'from the running server' : 'with the server stopped';
  console.log(`backed up ${dataDir} ${how} into ${result.out} (${(result.bytes / 1024 / 1024).toFixed(1)} MiB)`);
} catch (err) {
  console.error(`db:backup: ${err instanceof BackupError ? err.message : (err as Error).stack}`);
  console.error('no backup file was written.');
  process.exit(1);
}
