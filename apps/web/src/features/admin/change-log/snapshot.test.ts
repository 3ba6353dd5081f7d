import { describe, expect, it } from 'vitest';
import type { TFunction } from 'i18next';
import { describeSnapshot } from './snapshot.ts';

const t = ((key: string) => `<${key}>`) as unknown as TFunction;

describe('change-log snapshots', () => {
  it('shows names instead of ids, labels instead of codes', () => {
    expect(describeSnapshot(t, { area_id: 3, area_name: 'A' })).toBe('A');
    expect(describeSnapshot(t, { role: 2 })).toBe('<enum.role.orgAdmin>');
    expect(describeSnapshot(t, { enable: false })).toBe('<admin.common.disabled>');
    expect(describeSnapshot(t, { area_id: null, area_name: null })).toBe('<admin.common.none>');
    expect(describeSnapshot(t, null)).toBe('-');
  });
});
