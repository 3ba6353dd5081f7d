import { describe, expect, it } from 'vitest';
import { decimateMinMax, type Point } from './decimate.ts';

const week = 7 * 24 * 60;
const minuteSeries = (n: number, at: (i: number) => number): Point[] =>
  Array.from({ length: n }, (_, i) => ({ occur_time: i * 60, value: at(i) }));

describe('min/max decimation', () => {
  it('passes short series through untouched', () => {
    const points = minuteSeries(50, () => 70);
    expect(decimateMinMax(points, 0, 50 * 60, 100)).toEqual({ list: points, bucketSeconds: 0 });
  });

  it('reduces a week of minutes to at most two points per column and keeps a one-minute spike', () => {
    const spikeAt = 5000;
    const points = minuteSeries(week, (i) => (i === spikeAt ? 190 : i === spikeAt + 3 ? 31 : 70 + (i % 5)));
    const { list, bucketSeconds } = decimateMinMax(points, 0, week * 60 - 1, 800);
    expect(list.length).toBeLessThanOrEqual(1600);
    expect(bucketSeconds).toBe(Math.ceil((week * 60) / 800));
    expect(list.some((p) => p.value === 190 && p.occur_time === spikeAt * 60)).toBe(true);
    expect(list.some((p) => p.value === 31)).toBe(true);
    expect(list.map((p) => p.occur_time)).toEqual([...list.map((p) => p.occur_time)].sort((a, b) => a - b));
  });
});
