import { describe, expect, it } from 'vitest';
import type { ApiPermission } from '@vigil/contracts';
import { buildMatrix, columnPairs, coverage, filterMatrix, fromSelection, groupPairs, setPairs, toSelection } from './matrix.ts';

const catalogue: ApiPermission[] = [
  { route: '/org', method: 'GET' },
  { route: '/org/{id}', method: 'GET' },
  { route: '/org', method: 'POST' },
  { route: '/org/{id}', method: 'PUT' },
  { route: '/org/{id}', method: 'PATCH' },
  { route: '/org/enable/{id}', method: 'PATCH' },
  { route: '/org/{id}', method: 'DELETE' },
  { route: '/area', method: 'GET' },
];

describe('API group matrix', () => {
  it('groups by first segment, one row per session route, GET of /{id} under GETINFO', () => {
    const groups = buildMatrix(catalogue);
    expect(groups.map((g) => g.resource)).toEqual(['area', 'org']);
    const org = groups[1]!;
    expect(org.rows.map((r) => r.route)).toEqual(['/org', '/org/enable']);
    expect(org.rows[0]!.cells.GET).toEqual({ route: '/org', method: 'GET' });
    expect(org.rows[0]!.cells.GETINFO).toEqual({ route: '/org/{id}', method: 'GET' });
    expect(org.rows[0]!.cells.PUT).toEqual({ route: '/org/{id}', method: 'PUT' });
    expect(org.rows[1]!.cells).toEqual({ PATCH: { route: '/org/enable/{id}', method: 'PATCH' } });
  });

  it('round-trips a permission list through the selection in catalogue order', () => {
    const held: ApiPermission[] = [
      { route: '/org/{id}', method: 'DELETE' },
      { route: '/area', method: 'GET' },
    ];
    expect(fromSelection(toSelection(held), catalogue)).toEqual([
      { route: '/org/{id}', method: 'DELETE' },
      { route: '/area', method: 'GET' },
    ]);
  });

  it('keeps held pairs the catalogue no longer lists', () => {
    const held: ApiPermission[] = [{ route: '/gone', method: 'GET' }];
    expect(fromSelection(toSelection(held), catalogue, held)).toEqual(held);
  });

  it('ticks a column of a group and reports tri-state coverage', () => {
    const org = buildMatrix(catalogue)[1]!;
    const patch = columnPairs(org, 'PATCH');
    expect(patch).toHaveLength(2);
    let selection = setPairs(new Set(), patch, true);
    expect(coverage(selection, patch)).toBe('all');
    expect(coverage(selection, groupPairs(org))).toBe('some');
    selection = setPairs(selection, patch, false);
    expect(coverage(selection, groupPairs(org))).toBe('none');
  });

  it('filters rows by route text and drops empty groups', () => {
    expect(filterMatrix(buildMatrix(catalogue), 'enable').map((g) => g.rows.map((r) => r.route))).toEqual([['/org/enable']]);
    expect(filterMatrix(buildMatrix(catalogue), '  ')).toHaveLength(2);
  });
});
