import { describe, expect, it } from 'vitest';
import { roundTo, summarize, summaryText } from './summary.ts';

describe('summarize (SPEC §2 heart-rate summary)', () => {
  it('gives average to one decimal, highest and lowest', () => {
    expect(summarize([70, 71, 73], 1)).toEqual({ average: 71.3, highest: 73, lowest: 70 });
  });

  it('ignores zero and missing readings', () => {
    expect(summarize([0, 80, null, undefined, 60], 1)).toEqual({ average: 70, highest: 80, lowest: 60 });
  });

  it('is all missing for no readings, shown as "-"', () => {
    const s = summarize([0, null], 1);
    expect(s).toEqual({ average: null, highest: null, lowest: null });
    expect(summaryText(s.average, '-')).toBe('-');
    expect(summaryText(71.5, '-')).toBe('71.5');
  });

  it('rounds halves up on the decimal value', () => {
    expect(roundTo(72.25, 1)).toBe(72.3);
    expect(roundTo(72.24, 1)).toBe(72.2);
    expect(roundTo(1.005, 2)).toBe(1.01);
    expect(roundTo(-2.25, 1)).toBe(-2.3);
  });
});
