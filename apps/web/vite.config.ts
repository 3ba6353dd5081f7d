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
  server: {
    proxy: {
      '/api': server,
      '/config.js': server,
      '/socket.io': { target: server, ws: true },
    },
  },
  build: {
    target: 'es2022',
    chunkSizeWarningLimit: 700,
    rollupOptions: { output: { manualChunks: vendorChunk } },
  },
});
