/**
 * Dependency check (CI): in every workspace, each declared dependency is imported somewhere and
 * each imported package is declared. depcheck does the parsing; this runs it per workspace with
 * the few names it cannot see used. (knip was the first choice, but it parses through a native
 * binary whose builds for other platforms the registry here lacks, so `npm ci` could not install.)
 */
import depcheck from 'depcheck';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const rootPackage = JSON.parse(readFileSync(`${root}package.json`, 'utf8'));
const { workspaces } = rootPackage;
/** The root's dev tools (Vitest, Node's types) serve every workspace, as npm hoists them. */
const fromRoot = new Set(Object.keys(rootPackage.devDependencies ?? {}));

/** Used without an import that depcheck can follow, with the reason. */
const usedWithoutImport = {
  '.': [
    // Vitest's web project runs in jsdom, and TypeScript, ESLint's plugins and Prettier run as CLIs or configs.
    'typescript',
    'prettier',
    'concurrently',
    '@types/node',
  ],
  // pino-pretty is named as the logger's transport target on a terminal (app.ts), not imported.
  'apps/server': ['tsx', 'drizzle-kit', '@types/pg', 'pino-pretty'],
  'apps/web': ['jsdom', '@vitejs/plugin-react', 'vite'],
  e2e: [],
  bench: ['tsx'],
  'packages/contracts': [],
};
const ignorePatterns = ['dist', 'data', 'node_modules', 'test-results', 'playwright-report', 'bench/results'];

let problems = 0;
for (const dir of ['.', ...workspaces]) {
  const result = await depcheck(`${root}${dir}`, {
    ignoreMatches: usedWithoutImport[dir] ?? [],
    ignorePatterns: dir === '.' ? [...ignorePatterns, 'apps', 'packages', 'e2e', 'bench'] : ignorePatterns,
  });
  const unused = [...result.dependencies, ...result.devDependencies];
  // Workspace packages and Node built-ins are not npm dependencies to declare.
  const missing = Object.keys(result.missing).filter(
    (name) => !name.startsWith('@vigil/') && !name.startsWith('node:') && !(dir !== '.' && fromRoot.has(name)),
  );
  for (const name of unused) console.error(`${dir}: ${name} is declared but never imported`);
  for (const name of missing) console.error(`${dir}: ${name} is imported (${result.missing[name].map((f) => f.replace(root, '')).join(', ')}) but not declared`);
  problems += unused.length + missing.length;
}
if (problems > 0) process.exit(1);
console.log(`dependency check: every workspace declares what it imports and imports what it declares`);
