import { describe, expect, it } from 'vitest';
import { DAY_SECONDS, isWithinOneDay, minTickGap, tickSpace, timeLabelFormat } from './time-axis.ts';

const rules = { dayFormat: 'HH:mm', longerFormat: 'MM/DD HH:mm', tickGapDay: 20, tickGapLonger: 40 };

describe('time axis (SPEC §2, §9)', () => {
  it('labels HH:mm with a 20 px gap when the range is within one day', () => {
    expect(isWithinOneDay(0, DAY_SECONDS)).toBe(true);
    expect(timeLabelFormat(0, DAY_SECONDS - 1, rules)).toBe('HH:mm');
    expect(minTickGap(0, DAY_SECONDS, rules)).toBe(20);
  });

  it('labels MM/DD HH:mm with a 40 px gap one second past a day', () => {
    expect(isWithinOneDay(0, DAY_SECONDS + 1)).toBe(false);
    expect(timeLabelFormat(0, DAY_SECONDS + 1, rules)).toBe('MM/DD HH:mm');
    expect(minTickGap(0, 7 * DAY_SECONDS, rules)).toBe(40);
  });

  it('treats the 21:00–10:00 sleep window as one day', () => {
    expect(timeLabelFormat(0, 13 * 3600, rules)).toBe('HH:mm');
  });

  it('adds the label width to the gap for uPlot spacing', () => {
    expect(tickSpace('HH:mm', 20)).toBeGreaterThan(20 + 5 * 5);
    expect(tickSpace('MM/DD HH:mm', 40)).toBeGreaterThan(tickSpace('HH:mm', 40));
  });
});
