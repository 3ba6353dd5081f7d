import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { permissionsDoc, permissionsDocPath } from './permissions-doc.ts';

describe('docs/permissions.md', () => {
  it('matches the contracts (else run `npx tsx scripts/permissions-doc.ts`)', () => {
    expect(readFileSync(permissionsDocPath, 'utf8')).toBe(permissionsDoc());
  });

  it("shows the nursing aide reading and changing members but neither creating nor deleting them", () => {
    const row = permissionsDoc()
      .split('\n')
      .find((line) => line.startsWith('| `/user` |'))!;
    const cells = row.split('|').map((c) => c.trim());
    // Columns: '', route, roles 0…17, ''.
    expect(cells[2 + 17]).toBe('RUM');
    expect(cells[2 + 2]).toBe('RCUMD');
  });

  it('shows the guards (5, 16) only reading members', () => {
    const row = permissionsDoc()
      .split('\n')
      .find((line) => line.startsWith('| `/user` |'))!;
    const cells = row.split('|').map((c) => c.trim());
    expect(cells[2 + 5]).toBe('R');
    expect(cells[2 + 16]).toBe('R');
  });
});
