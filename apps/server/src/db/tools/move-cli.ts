import { parseArgs } from 'node:util';
import { loadConfig } from '../../config.ts';
import { MoveError, moveDatabase } from './move.ts';
import { userPath } from './user-path.ts';

// npm run db:move -- --to postgres://user@host:5432/vigil [--data-dir ./data/pglite]
const { values } = parseArgs({ options: { to: { type: 'string' }, 'data-dir': { type: 'string' } } });
if (!values.to) {
  console.error('usage: npm run db:move -- --to <postgres url of an empty database> [--data-dir <embedded data folder>]');
  process.exit(2);
}
const dataDir = values['data-dir'] ? userPath(values['data-dir']) : loadConfig().dataDir;
const started = Date.now();
try {
  console.log(`moving the embedded database in ${dataDir} to ${new URL(values.to).host}${new URL(values.to).pathname}`);
  const tables = await moveDatabase({ dataDir, to: values.to, progress: (line) => console.log(line) });
  const rows = tables.reduce((n, t) => n + t.rows, 0);
  console.log(`moved ${rows} rows in ${tables.length} tables in ${((Date.now() - started) / 1000).toFixed(1)} s, every table's count and checksum verified.`);
  console.log('start the server with DATABASE_URL set to the target; the embedded folder is left as it was.');
} catch (err) {
  console.error(`db:move: ${err instanceof MoveError ? err.message : (err as Error).stack}`);
  console.error('nothing was changed in the target database.');
  process.exit(1);
}
