/**
 * Sign-in bundle budget (issue 3): /login may load at most 150 KB of gzipped JavaScript, 200 KB
 * at the very most. Walks the built files from index.html through their static imports, then adds
 * the sign-in page chunk and the larger sign-in message chunk (`boot-<locale>`, with their static
 * imports), and sums gzip sizes.
 * Usage: node apps/web/scripts/login-budget.mjs [distDir]
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join, dirname, basename } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const dist = process.argv[2] ?? join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const assets = join(dist, 'assets');
const TARGET = 150 * 1024;
const HARD_MAX = 200 * 1024;

const files = readdirSync(assets).filter((f) => f.endsWith('.js'));
const html = readFileSync(join(dist, 'index.html'), 'utf8');
const entries = [...html.matchAll(/(?:src|href)="\/assets\/([^"]+\.js)"/g)].map((m) => m[1]);

function staticImports(file) {
  const code = readFileSync(join(assets, file), 'utf8');
  // Static `import ... from "./x.js"` and bare `import "./x.js"`; dynamic import() is excluded on purpose.
  const found = [...code.matchAll(/(?:^|[;\s}])import\s*(?:[\w$*{}\s,]+from\s*)?["']\.\/([^"']+\.js)["']/g)].map((m) => m[1]);
  return found;
}

function closure(starts) {
  const seen = new Set();
  const queue = [...starts];
  while (queue.length) {
    const f = queue.shift();
    if (seen.has(f)) continue;
    seen.add(f);
    queue.push(...staticImports(f));
  }
  return seen;
}

const pick = (prefix) => files.filter((f) => basename(f).startsWith(prefix));
const login = pick('LoginPage-');
const locales = pick('boot-');
const gz = (f) => gzipSync(readFileSync(join(assets, f)), { level: 9 }).length;
const largestLocale = locales.sort((a, b) => gz(b) - gz(a))[0];
const loaded = closure([...entries, ...login, ...(largestLocale ? [largestLocale] : [])]);

let total = 0;
for (const f of [...loaded].sort()) {
  const size = gz(f);
  total += size;
  console.log(`${(size / 1024).toFixed(1).padStart(7)} KB  ${f}`);
}
console.log(`${(total / 1024).toFixed(1).padStart(7)} KB  total gzipped JS for /login (target 150, max 200)`);
// The shell and its libraries must never be reachable from the sign-in page's static imports.
const markers = ['QueryClient', 'enqueueSnackbar', 'useFormContext', 'ZodError', 'MuiTablePagination'];
const leaks = [...loaded].flatMap((f) => markers.filter((m) => readFileSync(join(assets, f), 'utf8').includes(m)).map((m) => `${m} in ${f}`));
if (leaks.length) {
  console.error(`shell-only code reached from /login: ${leaks.join(', ')}`);
  process.exit(1);
}
process.exit(total > HARD_MAX ? 1 : 0);
