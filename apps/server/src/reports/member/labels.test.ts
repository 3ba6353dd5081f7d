import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { reportLabelSubset } from './label-keys.ts';

describe('report labels', () => {
  it('are the web locale files’ own texts (re-run scripts/report-labels.ts after editing them)', () => {
    const copy = JSON.parse(readFileSync(new URL('./labels.json', import.meta.url), 'utf8'));
    expect(copy).toEqual(reportLabelSubset());
  });
});
