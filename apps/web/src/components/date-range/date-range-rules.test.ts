import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import { lastAllowedDay, monthRange, normalizeRange, rangeToQuery, todayRange, weekRange } from './date-range-rules.ts';

const now = dayjs('2025-06-20T14:30:00');
const d = (s: string) => dayjs(s);
const fmt = (r: { start: dayjs.Dayjs; end: dayjs.Dayjs }) => [r.start.format('YYYY-MM-DD HH:mm:ss'), r.end.format('YYYY-MM-DD HH:mm:ss')];

describe('SPEC §5 date rules', () => {
  it('resets an end before the start to the end of the start day', () => {
    expect(fmt(normalizeRange({ start: d('2025-06-10'), end: d('2025-06-01') }, 'threeMonths', now))).toEqual(['2025-06-10 00:00:00', '2025-06-10 23:59:59']);
  });

  it('does not let the end pass today', () => {
    expect(fmt(normalizeRange({ start: d('2025-06-01'), end: d('2025-07-05') }, 'threeMonths', now))[1]).toBe('2025-06-20 23:59:59');
  });

  it('does not let the start be in the future', () => {
    expect(fmt(normalizeRange({ start: d('2025-06-25'), end: d('2025-06-26') }, 'threeMonths', now))).toEqual(['2025-06-20 00:00:00', '2025-06-20 23:59:59']);
  });

  it('cuts a range over three months to start + 3 months − 1 day', () => {
    expect(fmt(normalizeRange({ start: d('2025-01-15'), end: d('2025-06-01') }, 'threeMonths', now))).toEqual(['2025-01-15 00:00:00', '2025-04-14 23:59:59']);
    expect(lastAllowedDay(d('2025-01-15'), 'threeMonths').format('YYYY-MM-DD')).toBe('2025-04-14');
  });

  it('cuts the one-week variant to start + 6 days', () => {
    expect(fmt(normalizeRange({ start: d('2025-06-01'), end: d('2025-06-20') }, 'week', now))).toEqual(['2025-06-01 00:00:00', '2025-06-07 23:59:59']);
    expect(fmt(normalizeRange({ start: d('2025-06-01'), end: d('2025-06-07') }, 'week', now))[1]).toBe('2025-06-07 23:59:59');
  });

  it('offers today and the last seven days ending today', () => {
    expect(fmt(todayRange(now))).toEqual(['2025-06-20 00:00:00', '2025-06-20 23:59:59']);
    expect(fmt(weekRange(now))).toEqual(['2025-06-14 00:00:00', '2025-06-20 23:59:59']);
    expect(fmt(monthRange(now))).toEqual(['2025-05-21 00:00:00', '2025-06-20 23:59:59']);
  });

  it('sends unix seconds', () => {
    const r = todayRange(now);
    expect(rangeToQuery(r)).toEqual({ start_date: r.start.unix(), end_date: r.end.unix() });
  });
});
