import { describe, expect, it } from 'vitest';
import { duePeriod } from './periods.ts';

const at = (iso: string) => Date.parse(iso) / 1000;
const iso = (p: { start: number; end: number }) => [new Date(p.start * 1000).toISOString(), new Date(p.end * 1000).toISOString()];

describe('the period a scheduled report covers', () => {
  it('is the past local day once the hour has come, the day before until then', () => {
    // 2026-11-27 09:00 in Taipei (UTC+8) is 01:00 UTC.
    expect(iso(duePeriod('shift_summary', at('2026-11-27T01:00:00Z'), 7, 480))).toEqual(['2026-11-25T16:00:00.000Z', '2026-11-26T16:00:00.000Z']);
    expect(iso(duePeriod('shift_summary', at('2026-11-26T22:00:00Z'), 7, 480))).toEqual(['2026-11-24T16:00:00.000Z', '2026-11-25T16:00:00.000Z']);
  });

  it('is the past Monday-to-Sunday week', () => {
    // Friday 2026-11-27: the week before ran from Monday 16 to Sunday 22.
    expect(iso(duePeriod('member_weekly', at('2026-11-27T12:00:00Z'), 6, 0))).toEqual(['2026-11-16T00:00:00.000Z', '2026-11-23T00:00:00.000Z']);
  });

  it('is the past calendar month, across a year', () => {
    expect(iso(duePeriod('alert_burden', at('2026-01-05T12:00:00Z'), 6, 0))).toEqual(['2025-12-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z']);
    // On the first before the hour, the month before last is the latest due.
    expect(iso(duePeriod('alert_burden', at('2026-01-01T03:00:00Z'), 6, 0))).toEqual(['2025-11-01T00:00:00.000Z', '2025-12-01T00:00:00.000Z']);
  });
});
