import { describe, expect, it } from 'vitest';
import { minMaxIndices, pickRows } from './decimate.ts';

const WEEK = 7 * 24 * 60;

function week(valueAt: (i: number) => number | null) {
  const x = Array.from({ length: WEEK }, (_, i) => i * 60);
  const y = x.map((_, i) => valueAt(i));
  return { x, y };
}

describe('minMaxIndices', () => {
  it('keeps everything when there are no more than two points per column', () => {
    const x = [0, 1, 2, 3];
    expect(minMaxIndices(x, [[1, 2, 3, 4]], { from: 0, to: 3, width: 2 })).toEqual([0, 1, 2, 3]);
  });

  it('reduces a week of one-minute readings to at most two points per pixel column', () => {
    const { x, y } = week((i) => 60 + (i % 40));
    const kept = minMaxIndices(x, [y], { from: x[0], to: x[x.length - 1], width: 1000 });
    expect(kept.length).toBeLessThanOrEqual(2000);
    expect(kept.length).toBeGreaterThan(1000);
    expect([...kept].sort((a, b) => a - b)).toEqual(kept);
  });

  it('never loses a one-sample spike or dip', () => {
    const { x, y } = week((i) => (i === 4321 ? 190 : i === 777 ? 31 : 72));
    const kept = minMaxIndices(x, [y], { from: x[0], to: x[x.length - 1], width: 300 });
    const picked = pickRows(y, kept) as number[];
    expect(Math.max(...picked)).toBe(190);
    expect(Math.min(...picked)).toBe(31);
    expect(kept).toContain(4321);
    expect(kept).toContain(777);
  });

  it('keeps the envelope of every column exactly (no smoothing)', () => {
    const { x, y } = week((i) => 50 + ((i * 7919) % 97));
    const width = 500;
    const from = x[0];
    const to = x[x.length - 1];
    const kept = minMaxIndices(x, [y], { from, to, width });
    const column = (t: number) => Math.min(width - 1, Math.floor(((t - from) * width) / (to - from)));
    const envelope = (idx: number[]) => {
      const m = new Map<number, [number, number]>();
      for (const i of idx) {
        const c = column(x[i]);
        const [lo, hi] = m.get(c) ?? [Infinity, -Infinity];
        m.set(c, [Math.min(lo, y[i] as number), Math.max(hi, y[i] as number)]);
      }
      return m;
    };
    expect(envelope(kept)).toEqual(envelope(x.map((_, i) => i)));
  });

  it('keeps a break row so a gap stays open after decimation', () => {
    const { x, y } = week((i) => (i >= 5000 && i < 5003 ? null : 70 + (i % 3)));
    const kept = minMaxIndices(x, [y], { from: x[0], to: x[x.length - 1], width: 200 });
    expect(pickRows(y, kept)).toContain(null);
  });

  it('keeps the extremes of every series of a multi-series chart, aligned', () => {
    const n = 5000;
    const x = Array.from({ length: n }, (_, i) => i);
    const sys = x.map((i) => (i === 1234 ? 200 : 120));
    const dia = x.map((i) => (i === 4321 ? 40 : 80));
    const kept = minMaxIndices(x, [sys, dia], { from: 0, to: n - 1, width: 100 });
    expect(kept).toContain(1234);
    expect(kept).toContain(4321);
    expect(kept.length).toBeLessThanOrEqual(100 * 4 + 100);
  });
});
