import { describe, expect, it } from 'vitest';
import { coverRange, extremes } from './y-range.ts';

const spec = { min: 30, max: 140, ticks: [40, 60, 80, 100, 120, 140] };

describe('y range', () => {
  it('keeps SPEC’s range when every reading fits', () => {
    expect(coverRange(spec, extremes([[45, 130, null]]))).toBe(spec);
  });

  it('widens to hold a peak above the range, continuing the ticks', () => {
    const y = coverRange(spec, extremes([[72, null, 167]]));
    expect(y.max).toBeGreaterThanOrEqual(167);
    expect(y).toEqual({ min: 30, max: 180, ticks: [40, 60, 80, 100, 120, 140, 160, 180] });
  });

  it('widens below for a low reading and for threshold lines outside the range', () => {
    expect(coverRange(spec, extremes([[25]])).min).toBeLessThanOrEqual(25);
    expect(coverRange(spec, extremes([[70]], [150])).max).toBeGreaterThanOrEqual(150);
    expect(coverRange({ min: 30, max: 40 }, extremes([[41.2]]))).toEqual({ min: 30, max: 42 });
  });
});
