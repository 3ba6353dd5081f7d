/**
 * Migration drift check (CI): the drizzle schema must generate no new migration beyond the
 * committed ones, or a schema change shipped without the migration that makes it real. Generates
 * into a copy of the migrations folder and fails if anything new appears there.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const serverDir = fileURLToPath(new URL('..', import.meta.url));
const migrations = join(serverDir, 'src/db/migrations');
const copy = mkdtempSync(join(tmpdir(), 'vigil-drift-'));

try {
  cpSync(migrations, copy, { recursive: true });
  const before = new Set(readdirSync(copy));
  // drizzle-kit resolves --out against the working folder and asks on stdin about renames; with
  // no stdin an ambiguous rename fails the check instead of waiting for an answer.
  const result = spawnSync(
    'npx',
    ['drizzle-kit', 'generate', '--dialect', 'postgresql', '--schema', './src/db/schema/index.ts', '--out', relative(serverDir, copy)],
    { cwd: serverDir, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], timeout: 120_000 },
  );
  const added = readdirSync(copy).filter((name) => !before.has(name));
  if (result.status !== 0) {
    console.error(result.stdout, result.stderr);
    console.error('migration drift check: drizzle-kit generate failed');
    process.exit(1);
  }
  if (added.length > 0) {
    console.error(`migration drift: the schema generates ${added.join(', ')}; run npm run db:generate -w @vigil/server and commit it`);
    process.exit(1);
  }
  console.log('migration drift check: the schema matches the committed migrations');
} finally {
  rmSync(copy, { recursive: true, force: true });
}
