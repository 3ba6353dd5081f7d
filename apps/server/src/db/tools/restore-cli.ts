import { parseArgs } from 'node:util';
import { loadConfig } from '../../config.ts';
import { RestoreError, restoreDatabase } from './restore.ts';
import { userPath } from './user-path.ts';

// npm run db:restore -- --from vigil-backup.tar.gz [--data-dir ./data/pglite]
const { values } = parseArgs({ options: { from: { type: 'string' }, 'data-dir': { type: 'string' } } });
if (!values.from) {
  console.error('usage: npm run db:restore -- --from <backup file> [--data-dir <embedded data folder>]');
  process.exit(2);
}
const dataDir = values['data-dir'] ? userPath(values['data-dir']) : loadConfig().dataDir;
try {
  const result = await restoreDatabase(userPath(values.from), dataDir);
  console.log(`restored ${values.from} into ${result.dataDir} (${result.members} members)`);
  if (result.previous) console.log(`the folder it replaced is kept as ${result.previous}; delete it once the restored server looks right`);
} catch (err) {
  console.error(`db:restore: ${err instanceof RestoreError ? err.message : (err as Error).stack}`);
  console.error('the data folder was not changed.');
  process.exit(1);
}
