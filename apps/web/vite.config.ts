import { type Plugin, defineConfig } from 'vite';
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

/**
 * MUI's createTheme links its CSS-variables theme builder unconditionally, and every styled MUI
 * component reaches createTheme through MUI's default theme, so the builder (about 5 KB gzipped
 * with its helpers) lands in the sign-in page's bytes. Vigil's theme is a plain palette per mode
 * (app/theme.ts, no `cssVariables`, no `colorSchemes`), so that branch never runs; it is replaced
 * by a function that says so, should someone turn CSS variables on later.
 */
function withoutMuiCssVariablesTheme(): Plugin {
  const stub = '\0vigil-mui-css-variables-theme';
  return {
    name: 'vigil-without-mui-css-variables-theme',
    enforce: 'pre',
    resolveId(source, importer) {
      const fromCreateTheme = importer?.replaceAll('\\', '/').endsWith('/@mui/material/esm/styles/createTheme.js');
      return fromCreateTheme && source === './createThemeWithVars.js' ? stub : null;
    },
    load(id) {
      if (id !== stub) return null;
      return `export default function createThemeWithVars() {
  throw new Error('Vigil builds MUI without CSS-variables themes: remove withoutMuiCssVariablesTheme from vite.config.ts to use cssVariables or colorSchemes.');
}`;
    },
  };
}

export default defineConfig({
  plugins: [react(), withoutMuiCssVariablesTheme()],
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
    // Terser with two compress passes writes about 3% fewer gzipped bytes than esbuild's minifier
    // (4 KB of the sign-in page's 142 KB, measured by bench:bundle); the build takes longer.
    minify: 'terser',
    terserOptions: { compress: { passes: 2 }, format: { comments: false } },
    chunkSizeWarningLimit: 700,
    rollupOptions: { output: { manualChunks: vendorChunk } },
  },
});
