import { type ApiPermission, type PermissionBucket, permissionBucket, permissionKey } from '@vigil/contracts';

/** Columns of the matrix: SPEC §3's session buckets, with PUT beside PATCH as an editor expects. */
export const matrixColumns = ['GET', 'GETINFO', 'POST', 'PUT', 'PATCH', 'DELETE'] as const satisfies readonly PermissionBucket[];
export type MatrixColumn = (typeof matrixColumns)[number];

/** One route (without its `/{id}` suffix) and the catalogue pair behind each of its cells. */
export type MatrixRow = { route: string; cells: Partial<Record<MatrixColumn, ApiPermission>> };
/** Rows sharing a first path segment (`/org`, `/org/enable`, `/org/relation` are all "org"). */
export type MatrixGroup = { resource: string; rows: MatrixRow[] };

export const pairKey = (p: ApiPermission): string => permissionKey(p.method, p.route);

function resourceOf(route: string): string {
  return route.split('/').filter(Boolean)[0] ?? '/';
}

/**
 * Lays the server's catalogue out as groups of rows and method columns. A row is the route as the
 * session stores it (SPEC §3: `/x/{id}` is kept as `/x`, its GET as GETINFO), so what an editor
 * ticks is exactly what the sidebar and buttons will later test.
 */
export function buildMatrix(catalogue: readonly ApiPermission[]): MatrixGroup[] {
  const groups = new Map<string, Map<string, MatrixRow>>();
  for (const pair of catalogue) {
    const { bucket, route } = permissionBucket(pair);
    const resource = resourceOf(route);
    let rows = groups.get(resource);
    if (!rows) groups.set(resource, (rows = new Map()));
    let row = rows.get(route);
    if (!row) rows.set(route, (row = { route, cells: {} }));
    row.cells[bucket as MatrixColumn] = pair;
  }
  return [...groups.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([resource, rows]) => ({ resource, rows: [...rows.values()].sort((a, b) => a.route.localeCompare(b.route)) }));
}

/** Rows whose route contains the search text; groups left empty are dropped. */
export function filterMatrix(groups: readonly MatrixGroup[], search: string): MatrixGroup[] {
  const needle = search.trim().toLowerCase();
  if (!needle) return [...groups];
  return groups
    .map((g) => ({ ...g, rows: g.rows.filter((r) => r.route.toLowerCase().includes(needle)) }))
    .filter((g) => g.rows.length > 0);
}

export function toSelection(permissions: readonly ApiPermission[]): Set<string> {
  return new Set(permissions.map(pairKey));
}

/**
 * Back to the list a group stores, in catalogue order. Pairs the group holds that the catalogue
 * no longer lists (a route since removed) are kept rather than silently dropped by an unrelated edit.
 */
export function fromSelection(selection: ReadonlySet<string>, catalogue: readonly ApiPermission[], original: readonly ApiPermission[] = []): ApiPermission[] {
  const known = new Set(catalogue.map(pairKey));
  const kept = catalogue.filter((p) => selection.has(pairKey(p)));
  const orphans = original.filter((p) => !known.has(pairKey(p)) && selection.has(pairKey(p)));
  return [...kept, ...orphans];
}

/** Sets every given pair on or off (a cell, a row, a column of a group, or a whole group). */
export function setPairs(selection: ReadonlySet<string>, pairs: readonly ApiPermission[], on: boolean): Set<string> {
  const next = new Set(selection);
  for (const p of pairs) {
    if (on) next.add(pairKey(p));
    else next.delete(pairKey(p));
  }
  return next;
}

/** Tri-state of a set of pairs: all checked, none, or some (the indeterminate box). */
export function coverage(selection: ReadonlySet<string>, pairs: readonly ApiPermission[]): 'all' | 'none' | 'some' {
  const on = pairs.filter((p) => selection.has(pairKey(p))).length;
  if (on === 0) return 'none';
  return on === pairs.length ? 'all' : 'some';
}

export const rowPairs = (row: MatrixRow): ApiPermission[] => Object.values(row.cells);
export const groupPairs = (group: MatrixGroup): ApiPermission[] => group.rows.flatMap(rowPairs);
export const columnPairs = (group: MatrixGroup, column: MatrixColumn): ApiPermission[] =>
  group.rows.flatMap((r) => (r.cells[column] ? [r.cells[column]] : []));
