import { fileURLToPath } from 'node:url';
import { permissionKey, type ApiPermission } from '@vigil/contracts';

/** Where the contracts keep the server's permission catalogue (the default API groups expand over it). */
export const catalogueFile = fileURLToPath(
  new URL('../../../../packages/contracts/src/permissions/catalogue.ts', import.meta.url),
);

export function catalogueSource(pairs: readonly ApiPermission[]): string {
  const keys = pairs.map((p) => permissionKey(p.method, p.route));
  return [
    '/**',
    ' * Every `METHOD /route` pair the server declares, written by `npm run api:catalogue -w @vigil/server`',
    " * from the registered routes; a server test fails when it and the routes drift apart.",
    ' */',
    'export const apiCatalogue: readonly string[] = [',
    ...keys.map((k) => `  '${k}',`),
    '];',
    '',
  ].join('\n');
}
