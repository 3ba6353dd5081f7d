import type { ApiPermission, HttpMethod } from '../schemas/auth.ts';

/** Session-side method buckets (SPEC §3): a GET of `/{id}` is kept under GETINFO. */
export const PermissionBucket = ['GET', 'GETINFO', 'POST', 'PATCH', 'DELETE', 'PUT'] as const;
export type PermissionBucket = (typeof PermissionBucket)[number];
export type AllowedRoutes = Record<PermissionBucket, string[]>;

const ID_SUFFIX = '/{id}';

/** `GET /user/{id}` -> bucket GETINFO, route `/user` (SPEC §3's rule). */
export function permissionBucket(p: ApiPermission): { bucket: PermissionBucket; route: string } {
  const hasId = p.route.endsWith(ID_SUFFIX);
  const route = hasId ? p.route.slice(0, -ID_SUFFIX.length) : p.route;
  const bucket: PermissionBucket = p.method === 'GET' && hasId ? 'GETINFO' : p.method;
  return { bucket, route };
}

export function toAllowedRoutes(api: readonly ApiPermission[]): AllowedRoutes {
  const out: AllowedRoutes = { GET: [], GETINFO: [], POST: [], PATCH: [], DELETE: [], PUT: [] };
  for (const p of api) {
    const { bucket, route } = permissionBucket(p);
    if (!out[bucket].includes(route)) out[bucket].push(route);
  }
  return out;
}

export function permissionKey(method: HttpMethod, route: string): string {
  return `${method} ${route}`;
}

/** Full CRUD on a resource: list, detail, create, update (PUT and PATCH), enable toggle, delete. */
export function crud(route: string, methods = 'LRCUED'): ApiPermission[] {
  const out: ApiPermission[] = [];
  for (const m of methods) {
    if (m === 'L') out.push({ route, method: 'GET' });
    if (m === 'R') out.push({ route: route + ID_SUFFIX, method: 'GET' });
    if (m === 'C') out.push({ route, method: 'POST' });
    if (m === 'U') {
      out.push({ route: route + ID_SUFFIX, method: 'PUT' });
      out.push({ route: route + ID_SUFFIX, method: 'PATCH' });
    }
    if (m === 'E') out.push({ route: route + '/enable' + ID_SUFFIX, method: 'PATCH' });
    if (m === 'D') out.push({ route: route + ID_SUFFIX, method: 'DELETE' });
  }
  return out;
}
