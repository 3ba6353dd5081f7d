import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const server = process.env.VIGIL_SERVER ?? 'http://localhost:3000';

/**
 * Vendor code every route needs (the sign-in page included) is grouped into stable chunks that
 * cache well across releases. Everything else is left to Rollup's own splitting so that the shell,
 * TanStack Query, forms, zod and icons only load after sign-in through the lazy routes.
 */
function vendorChunk(id: string): string | undefined {
  if (!id.includes('node_modules')) return undefined;
  if (/node_modules\/(react|react-dom|scheduler)\//.test(id)) return 'react';
  if (id.includes('node_modules/react-router/')) return 'router';
  if (/node_modules\/(i18next|react-i18next)\//.test(id)) return 'i18n';
  return undefined;
}

export default defineConfig({
  plugins: [react()],
  // contracts and the web each pin zod; one copy in the bundle, and one set of classes for instanceof checks.
  resolve: { dedupe: ['zod', 'react', 'react-dom'] },
  server: {
    proxy: {
      '/api': server,
      '/config.js': server,
      '/socket.io': { target: server, ws: true },
    },
  },
  // Plain object literals keep a JSON's named exports tree-shakable (the sign-in message slice).
  json: { stringify: false },
  build: {
    target: 'es2022',
    // Every supported browser preloads modules natively; the polyfill would only cost sign-in bytes.
    modulePreload: { polyfill: false },
    chunkSizeWarningLimit: 700,
    rollupOptions: { output: { manualChunks: vendorChunk } },
  },
});
