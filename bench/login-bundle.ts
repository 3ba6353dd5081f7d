/**
 * Login bundle size: the gzipped JavaScript a first visit to /login downloads, measured on the
 * production build (apps/web/dist, built first if missing). Goal 140 KB, hard maximum 200 KB;
 * exits 1 over the hard maximum so it can gate a change.
 *
 * The set is taken from a real page load when Debian's Chromium is installed: dist is served on
 * loopback and every script /login requests is recorded, which also catches chunks imported at
 * run time (the locale file). Without Chromium it falls back to a static walk: index.html's module
 * script and modulepreload links, the "Login*" chunk, and everything those import statically.
 * Everything else in dist/assets is a lazy chunk, listed with its own size.
 */
import { execSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, posix } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';

const GOAL_KB = 140;
const HARD_MAX_KB = 200;
const chromiumPath = '/usr/bin/chromium';

const root = fileURLToPath(new URL('..', import.meta.url));
const dist = join(root, 'apps/web/dist');
const loginChunk = /^Login[A-Za-z]*-[\w-]+\.js$/;

if (!existsSync(join(dist, 'index.html'))) {
  console.log('apps/web/dist is missing: building the web app first.');
  execSync('npm run build -w @vigil/web', { cwd: root, stdio: 'inherit' });
}

const html = readFileSync(join(dist, 'index.html'), 'utf8');
const gzipKb = (file: string) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length / 1024;

/** Paths under dist referenced by index.html's entry script and modulepreload links. */
function entryFiles(): string[] {
  const out: string[] = [];
  for (const tag of html.match(/<(script|link)\b[^>]*>/g) ?? []) {
    const isModuleScript = tag.startsWith('<script') && /type=["']module["']/.test(tag);
    const isPreload = tag.startsWith('<link') && /rel=["']modulepreload["']/.test(tag);
    const url = /(?:src|href)=["']([^"']+)["']/.exec(tag)?.[1];
    if ((isModuleScript || isPreload) && url && !/^https?:/.test(url)) out.push(url.replace(/^\//, ''));
  }
  return out;
}

/** Static imports of a built chunk (`import … from "./x.js"`, `import "./x.js"`); dynamic `import()` is lazy. */
function staticImports(file: string): string[] {
  const code = readFileSync(join(dist, file), 'utf8');
  const found = new Set<string>();
  for (const m of code.matchAll(/(?:\bfrom|\bimport)\s*["'](\.{1,2}\/[^"']+\.js)["']/g)) {
    found.add(posix.normalize(posix.join(posix.dirname(file), m[1])));
  }
  return [...found];
}

const assets = readdirSync(join(dist, 'assets')).filter((f) => f.endsWith('.js'));

function staticLoginSet(): Set<string> {
  const set = new Set<string>();
  const queue = [...entryFiles(), ...assets.filter((f) => loginChunk.test(f)).map((f) => `assets/${f}`)];
  while (queue.length) {
    const file = queue.pop()!;
    if (set.has(file) || !existsSync(join(dist, file))) continue;
    set.add(file);
    queue.push(...staticImports(file));
  }
  return set;
}

const types: Record<string, string> = { '.js': 'text/javascript', '.css': 'text/css', '.svg': 'image/svg+xml', '.html': 'text/html' };

/** Loads /login in Chromium against dist served on loopback and returns the scripts it fetched. */
async function measuredLoginSet(): Promise<Set<string>> {
  const server = createServer((req, res) => {
    const path = normalize(decodeURIComponent((req.url ?? '/').split('?')[0])).replace(/^\/+/, '');
    if (path === 'config.js') {
      res.writeHead(200, { 'content-type': 'text/javascript' });
      res.end('window.__VIGIL_CONFIG__ = {"apiBase":"/api","socketUrl":"","mapsKey":"","mapId":""};');
    } else if (path.startsWith('api/')) {
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end('{"code":-7,"message":"not served by the bench"}');
    } else {
      const file = existsSync(join(dist, path)) && extname(path) ? path : 'index.html';
      res.writeHead(200, { 'content-type': types[extname(file)] ?? 'application/octet-stream' });
      res.end(readFileSync(join(dist, file)));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  try {
    const context = await browser.newContext({ locale: 'en-GB', timezoneId: 'Europe/London' });
    const page = await context.newPage();
    const scripts = new Set<string>();
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.origin === base && url.pathname.endsWith('.js') && url.pathname !== '/config.js') scripts.add(url.pathname.slice(1));
    });
    await page.goto(`${base}/login`, { waitUntil: 'networkidle' });
    return scripts;
  } finally {
    await browser.close();
    server.close();
  }
}

const measured = existsSync(chromiumPath);
const loginSet = measured ? await measuredLoginSet() : staticLoginSet();

const rows = [...loginSet].map((file) => ({ file, kb: gzipKb(file) })).sort((a, b) => b.kb - a.kb);
const total = rows.reduce((sum, r) => sum + r.kb, 0);
const lazy = assets
  .map((f) => `assets/${f}`)
  .filter((file) => !loginSet.has(file))
  .map((file) => ({ file, kb: gzipKb(file) }))
  .sort((a, b) => b.kb - a.kb);

const fmt = (kb: number) => `${kb.toFixed(1).padStart(7)} KB`;
console.log(
  measured
    ? '\nJavaScript loaded by /login in Chromium (gzip -9):'
    : `\nJavaScript loaded by /login, static walk (gzip -9; install ${chromiumPath} to measure a real load):`,
);
for (const r of rows) console.log(`  ${fmt(r.kb)}  ${r.file}`);
console.log(`  ${fmt(total)}  total of ${rows.length} files`);
if (!rows.some((r) => loginChunk.test(posix.basename(r.file)))) {
  console.log('  (no Login* chunk found: the sign-in page is inside the entry chunks)');
}
console.log(`\nOther lazy chunks (${lazy.length}), loaded after sign-in or on demand:`);
for (const r of lazy) console.log(`  ${fmt(r.kb)}  ${r.file}`);

const verdict = total <= GOAL_KB ? 'PASS' : 'OVER';
console.log(
  `\nlogin bundle: ${total.toFixed(1)} KB gzipped; goal <= ${GOAL_KB} KB, hard max ${HARD_MAX_KB} KB: ${verdict}` +
    (total > HARD_MAX_KB ? ' (over the hard maximum)' : ''),
);

mkdirSync(join(root, 'bench/results'), { recursive: true });
writeFileSync(
  join(root, 'bench/results/login-bundle.json'),
  JSON.stringify({ date: new Date().toISOString(), method: measured ? 'chromium' : 'static', totalKb: total, goalKb: GOAL_KB, hardMaxKb: HARD_MAX_KB, verdict, login: rows, lazy }, null, 2),
);
process.exitCode = total > HARD_MAX_KB ? 1 : 0;
