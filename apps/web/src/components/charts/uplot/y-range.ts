/**
 * A fixed y range (SPEC §2/§9's, or a page's) extended so that no reading and no threshold line
 * is ever cut off: a 167 bpm peak on SPEC's 30–140 heart-rate scale widens the scale to 170. The
 * extension is rounded to the fixed ticks' step (10 without ticks), and the ticks continue at that
 * step over the added part, so the scale still reads like SPEC's.
 */
export type YRange = { min: number; max: number; ticks?: readonly number[] };

function stepOf(y: YRange): number {
  const t = y.ticks;
  if (t && t.length >= 2) return t[1] - t[0];
  const span = y.max - y.min;
  return span >= 50 ? 10 : span >= 5 ? 1 : 0.1;
}

/** Lowest and highest of the series (nulls skipped), and of the extra values (threshold lines). */
export function extremes(series: readonly ArrayLike<number | null | undefined>[], extra: readonly number[] = []): { lo: number; hi: number } | null {
  let lo = Infinity;
  let hi = -Infinity;
  const see = (v: number | null | undefined) => {
    if (v == null || !Number.isFinite(v)) return;
    if (v < lo) lo = v;
    if (v > hi) hi = v;
  };
  for (const s of series) for (let i = 0; i < s.length; i++) see(s[i]);
  for (const v of extra) see(v);
  return lo === Infinity ? null : { lo, hi };
}

/** The range widened to hold [lo, hi] with a little room, on the ticks' step. */
export function coverRange(y: YRange, span: { lo: number; hi: number } | null): YRange {
  if (!span || (span.lo >= y.min && span.hi <= y.max)) return y;
  const step = stepOf(y);
  const min = span.lo < y.min ? Math.floor((span.lo - step / 2) / step) * step : y.min;
  const max = span.hi > y.max ? Math.ceil((span.hi + step / 2) / step) * step : y.max;
  if (!y.ticks) return { min, max };
  const ticks = [...y.ticks];
  for (let v = y.ticks[0] - step; v >= min - 1e-9; v -= step) ticks.unshift(v);
  for (let v = y.ticks[y.ticks.length - 1] + step; v <= max + 1e-9; v += step) ticks.push(v);
  return { min, max, ticks };
}
