import { describe, expect, it } from 'vitest';
import { isolatedIndices, prepareSeries, readingOrNull } from './series.ts';

type Row = { t: number; v: number | null };
const FIVE_MIN = 5 * 60;
const ONE_MIN = 60;
const run = (rows: Row[], maxGapSeconds = FIVE_MIN) =>
  prepareSeries(rows, (r) => r.t, [(r) => r.v], { maxGapSeconds });

describe('prepareSeries (SPEC §9 gap rule)', () => {
  it('keeps a line whole when readings are exactly the maximum gap apart', () => {
    const out = run([
      { t: 0, v: 95 },
      { t: FIVE_MIN, v: 96 },
    ]);
    expect(out.x).toEqual([0, FIVE_MIN]);
    expect(out.y[0]).toEqual([95, 96]);
  });

  it('breaks the line one second past the maximum gap', () => {
    const out = run([
      { t: 0, v: 95 },
      { t: FIVE_MIN + 1, v: 96 },
    ]);
    expect(out.x).toHaveLength(3);
    expect(out.x[1]).toBeGreaterThan(0);
    expect(out.x[1]).toBeLessThan(FIVE_MIN + 1);
    expect(out.y[0]).toEqual([95, null, 96]);
  });

  it('uses the one-minute gap of the heart-rate helper', () => {
    const out = run(
      [
        { t: 0, v: 70 },
        { t: 60, v: 71 },
        { t: 121, v: 72 },
      ],
      ONE_MIN,
    );
    expect(out.y[0]).toEqual([70, 71, null, 72]);
  });

  it('treats zero readings as missing', () => {
    expect(readingOrNull(0)).toBeNull();
    expect(readingOrNull(Number.NaN)).toBeNull();
    expect(readingOrNull(undefined)).toBeNull();
    expect(readingOrNull(-5)).toBe(-5);
    const out = run([
      { t: 0, v: 95 },
      { t: 60, v: 0 },
      { t: 120, v: 97 },
    ]);
    expect(out.y[0]).toEqual([95, null, 97]);
  });

  it('drops leading missing points', () => {
    const out = run([
      { t: 0, v: 0 },
      { t: 60, v: null },
      { t: 120, v: 97 },
    ]);
    expect(out.x).toEqual([120]);
    expect(out.y[0]).toEqual([97]);
  });

  it('returns empty series when nothing was measured', () => {
    expect(run([{ t: 0, v: 0 }])).toEqual({ x: [], y: [[]] });
    expect(run([])).toEqual({ x: [], y: [[]] });
  });

  it('removes duplicate points, a later real value winning and a later zero not erasing', () => {
    const out = run([
      { t: 0, v: 90 },
      { t: 0, v: 91 },
      { t: 60, v: 92 },
      { t: 60, v: 0 },
    ]);
    expect(out.x).toEqual([0, 60]);
    expect(out.y[0]).toEqual([91, 92]);
  });

  it('sorts rows the server returned out of order', () => {
    const out = run([
      { t: 120, v: 3 },
      { t: 0, v: 1 },
      { t: 60, v: 2 },
    ]);
    expect(out.x).toEqual([0, 60, 120]);
  });

  it('aligns several series and keeps a row while any series has a value', () => {
    type Bp = { t: number; sys: number; dia: number };
    const rows: Bp[] = [
      { t: 0, sys: 0, dia: 0 },
      { t: 60, sys: 120, dia: 0 },
      { t: 120, sys: 125, dia: 80 },
    ];
    const out = prepareSeries(rows, (r) => r.t, [(r) => r.sys, (r) => r.dia], { maxGapSeconds: FIVE_MIN });
    expect(out.x).toEqual([60, 120]);
    expect(out.y).toEqual([
      [120, 125],
      [null, 80],
    ]);
  });
});

describe('prepareSeries with a per-reading allowance (a source\'s sampling interval)', () => {
  type Sourced = { t: number; v: number; every: number };
  const prepare = (rows: Sourced[]) =>
    prepareSeries(rows, (r) => r.t, [(r) => r.v], { maxGapSeconds: 60, minGapOf: (r) => r.every });

  it('joins readings exactly one interval apart and breaks one second past it', () => {
    expect(prepare([{ t: 0, v: 1, every: 300 }, { t: 300, v: 2, every: 300 }]).y[0]).toEqual([1, 2]);
    expect(prepare([{ t: 0, v: 1, every: 300 }, { t: 301, v: 2, every: 300 }]).y[0]).toEqual([1, null, 2]);
  });

  it('never loosens the rule below the kind\'s own gap', () => {
    expect(prepare([{ t: 0, v: 1, every: 0 }, { t: 60, v: 2, every: 0 }, { t: 121, v: 3, every: 0 }]).y[0]).toEqual([1, 2, null, 3]);
  });
});

describe('isolatedIndices', () => {
  it('finds readings with no neighbour to draw a line to', () => {
    expect(isolatedIndices([1, null, 2, 3, null, 4])).toEqual([0, 5]);
    expect(isolatedIndices([5])).toEqual([0]);
    expect(isolatedIndices([null, 5, null])).toEqual([1]);
    expect(isolatedIndices([5, 6])).toEqual([]);
  });
});
