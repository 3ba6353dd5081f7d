import { describe, expect, it } from 'vitest';
import { DataSource } from '@vigil/contracts';
import { type ChartReading, chartOf } from './chart.ts';
import { unpackReadings } from './service.ts';

const ONE_MINUTE = DataSource.watchB10_1m;

const WEEK_MINUTES = 7 * 24 * 60;
const minutes = (n: number, at: (i: number) => number | null): ChartReading[] =>
  Array.from({ length: n }, (_, i) => ({ t: i * 60, value: at(i), source: ONE_MINUTE }));
const week = { start: 0, end: WEEK_MINUTES * 60 - 60, width: 800, gapSeconds: 60 };

describe('chart points (SPEC §9 rules, then min-max per pixel column)', () => {
  it('sends a short range whole, with its breaks', () => {
    const readings = [...minutes(3, () => 70), { t: 600, value: 72, source: ONE_MINUTE }];
    const chart = chartOf(readings, { start: 0, end: 3600, width: 800, gapSeconds: 60 });
    expect(chart.list).toEqual([
      { occur_time: 0, value: 70 },
      { occur_time: 60, value: 70 },
      { occur_time: 120, value: 70 },
      { occur_time: 360, value: null },
      { occur_time: 600, value: 72 },
    ]);
    expect(chart.total).toBe(4);
  });

  it('reduces a week of minutes to two points per column and keeps a one-minute spike and dip', () => {
    const chart = chartOf(
      minutes(WEEK_MINUTES, (i) => (i === 5000 ? 190 : i === 5003 ? 31 : 70 + (i % 5))),
      week,
    );
    const present = chart.list.filter((p) => p.value !== null);
    expect(present.length).toBeLessThanOrEqual(1600);
    expect(chart.list).toContainEqual({ occur_time: 5000 * 60, value: 190 });
    expect(chart.list).toContainEqual({ occur_time: 5003 * 60, value: 31 });
    expect(chart.summary).toMatchObject({ highest: 190, lowest: 31 });
    const times = chart.list.map((p) => p.occur_time);
    expect(times).toEqual([...times].sort((a, b) => a - b));
  });

  it('keeps a two-minute hole in a decimated week as a break, and a one-minute step joined', () => {
    const readings = minutes(WEEK_MINUTES, () => 75).filter((r) => r.t !== 9000 * 60);
    const chart = chartOf(readings, week);
    const breaks = chart.list.filter((p) => p.value === null);
    expect(breaks).toEqual([{ occur_time: 9000 * 60, value: null }]);
  });

  it('counts zero readings as missing: a break, and left out of the summary', () => {
    const chart = chartOf(
      [
        { t: 0, value: 0, source: ONE_MINUTE },
        { t: 60, value: 80, source: ONE_MINUTE },
        { t: 120, value: 0, source: ONE_MINUTE },
        { t: 180, value: 90, source: ONE_MINUTE },
      ],
      { start: 0, end: 600, width: 100, gapSeconds: 300 },
    );
    expect(chart.list).toEqual([
      { occur_time: 60, value: 80 },
      { occur_time: 120, value: null },
      { occur_time: 180, value: 90 },
    ]);
    expect(chart.summary).toEqual({ average: 85, highest: 90, lowest: 80 });
  });

  it('merges readings of the same second, the later real value winning', () => {
    const chart = chartOf(
      [
        { t: 60, value: 80, source: ONE_MINUTE },
        { t: 60, value: 84, source: ONE_MINUTE },
        { t: 60, value: 0, source: ONE_MINUTE },
      ],
      { start: 0, end: 600, width: 100, gapSeconds: 300 },
    );
    expect(chart.list).toEqual([{ occur_time: 60, value: 84 }]);
  });

  it('joins a five-minute source under the one-minute rule, and breaks it after five minutes', () => {
    const fiveMinute = DataSource.watchB10_5m;
    const readings = [0, 300, 600, 1260].map((t) => ({ t, value: 70, source: fiveMinute }));
    const chart = chartOf(readings, { start: 0, end: 3600, width: 800, gapSeconds: 60 });
    expect(chart.list.map((p) => p.value)).toEqual([70, 70, 70, null, 70]);
  });

  it('answers an empty range with no points and a summary of dashes', () => {
    expect(chartOf([], week)).toMatchObject({ list: [], total: 0, summary: { average: null, highest: null, lowest: null } });
  });
});

describe('packed readings', () => {
  it('come back in time order whatever order the scan gave them, with an absent value as null', () => {
    expect(unpackReadings({ times: '120,60,180', values: '71,,72.5', sources: '9,9,10' })).toEqual([
      { t: 60, value: null, source: 9 },
      { t: 120, value: 71, source: 9 },
      { t: 180, value: 72.5, source: 10 },
    ]);
    expect(unpackReadings({ times: null, values: null, sources: null })).toEqual([]);
    expect(unpackReadings(undefined)).toEqual([]);
  });
});
