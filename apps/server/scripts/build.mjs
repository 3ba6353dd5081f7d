/**
 * Production build of the server: one ES module bundle, dist/main.js, so `npm start` runs plain
 * JavaScript on Node (no TypeScript compiler or loader in the process). @vigil/contracts is
 * TypeScript source and is bundled in; every npm package stays external and loads from
 * node_modules as usual (native argon2, PGlite's WebAssembly, pino's workers). Paths the server
 * resolves from its own file keep working: the migrations are copied next to the bundle, and the
 * web build is found at the same relative place (apps/web/dist) from dist/ as from src/.
 */
import { build } from 'esbuild';
import { cpSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
rmSync(`${root}dist`, { recursive: true, force: true });
await build({
  entryPoints: [`${root}src/main.ts`],
  outfile: `${root}dist/main.js`,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  plugins: [
    {
      // npm packages stay external; the workspace's TypeScript package is bundled.
      name: 'external-packages-but-contracts',
      setup(b) {
        b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@vigil/contracts') ? undefined : { path: args.path, external: true }));
      },
    },
  ],
  sourcemap: true,
  logLevel: 'warning',
});
cpSync(`${root}src/db/migrations`, `${root}dist/migrations`, { recursive: true });
console.log('server built: dist/main.js');
