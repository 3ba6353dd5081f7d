import { describe, expect, it } from 'vitest';
import type { TFunction } from 'i18next';
import type { AbnormalListItem } from '@vigil/contracts';
import { abnormalCsv } from './csv.ts';

const t = ((key: string) => `«${key}»`) as unknown as TFunction;

const row: AbnormalListItem = {
  id: 7,
  type: 12,
  category: 1,
  occur_time: 1_763_800_000,
  detail: { value: '=1+1', minute: 5 },
  is_handle: true,
  is_follow: false,
  source: { type: 'space', id: 1, user: { id: 1, name: 'Chen, "Amy"' }, area: { id: 2, name: '東區' }, device: null },
  handle: { content: 'Visited\nroom', staff_name: 'Lin', handle_time: 1_763_800_600, remark: null },
  created_at: 1_763_800_000,
  updated_at: 1_763_800_600,
};

describe('abnormal CSV', () => {
  const csv = abnormalCsv([row], t, 'zh-TW', '住客');
  const [header, line] = csv.slice(1).split('\r\n');

  it('starts with a BOM and translated headers', () => {
    expect(csv.startsWith('\uFEFF')).toBe(true);
    expect(header.split(',')[0]).toBe('«abnormal.field.id»');
    // The member column is named in the reader's own word (a hotel's guest, a hospital's patient).
    expect(header.split(',')[4]).toBe('住客');
  });

  it('quotes separators, quotes and line breaks, and neutralises formulas', () => {
    expect(line).toContain('"Chen, ""Amy"""');
    expect(csv).toContain('"Visited\nroom"');
    expect(line).toContain("'=1+1");
    expect(line).toContain('東區');
  });

  it('writes dates in the locale format', () => {
    expect(line).toMatch(/2025\/11\/22 \d\d:\d\d/);
  });
});
