/**
 * SPEC §9 chart gap rule, as one pure pass shared by every line chart:
 * - a zero (or absent, or non-finite) reading counts as missing: devices send 0 when they could
 *   not measure, and a line dropping to 0 would read as cardiac arrest;
 * - points with the same time are merged (a later non-missing value wins per series), so a
 *   re-sent reading never draws a vertical zig-zag;
 * - leading rows where every series is missing are dropped, so the line starts at a real value;
 * - between two rows further apart than `maxGapSeconds` a break row (all null) is inserted:
 *   uPlot does not join across a null, so the line stops where the device stopped.
 *
 * The output is uPlot's aligned shape: one x array (unix seconds) and one y array per series.
 */
export interface AlignedSeries {
  x: number[];
  y: (number | null)[][];
}

export type ValueOf<R> = (row: R) => number | null | undefined;

export interface SeriesRules<R = unknown> {
  /** A gap strictly longer than this (seconds) breaks the line. */
  maxGapSeconds: number;
  /**
   * A longer allowance for the gap before a row, such as its source's sampling interval: a chart
   * of every source must not break a five-minute device's line under the one-minute rule.
   */
  minGapOf?: (row: R) => number;
}

/** SPEC §9: zero readings are treated as missing. */
export function readingOrNull(value: number | null | undefined): number | null {
  return typeof value === 'number' && Number.isFinite(value) && value !== 0 ? value : null;
}

export function prepareSeries<R>(
  rows: readonly R[],
  timeOf: (row: R) => number,
  values: readonly ValueOf<R>[],
  rules: SeriesRules<R>,
): AlignedSeries {
  const ordered = isSortedBy(rows, timeOf) ? rows : [...rows].sort((a, b) => timeOf(a) - timeOf(b));

  const merged = mergeDuplicates(ordered, timeOf, values, rules.minGapOf);
  const first = merged.y.length === 0 ? 0 : firstPresentRow(merged);
  const x: number[] = [];
  const y: (number | null)[][] = values.map(() => []);
  for (let i = first; i < merged.x.length; i++) {
    const t = merged.x[i];
    const allowed = merged.gaps ? Math.max(rules.maxGapSeconds, merged.gaps[i]) : rules.maxGapSeconds;
    if (x.length > 0 && t - x[x.length - 1] > allowed) {
      // Any x strictly between the two readings works; the midpoint keeps the break visible
      // at every zoom level.
      x.push(x[x.length - 1] + (t - x[x.length - 1]) / 2);
      for (const s of y) s.push(null);
    }
    x.push(t);
    for (let s = 0; s < y.length; s++) y[s].push(merged.y[s][i]);
  }
  return { x, y };
}

function isSortedBy<R>(rows: readonly R[], timeOf: (row: R) => number): boolean {
  for (let i = 1; i < rows.length; i++) if (timeOf(rows[i]) < timeOf(rows[i - 1])) return false;
  return true;
}

function mergeDuplicates<R>(
  rows: readonly R[],
  timeOf: (row: R) => number,
  values: readonly ValueOf<R>[],
  minGapOf?: (row: R) => number,
): AlignedSeries & { gaps?: number[] } {
  const x: number[] = [];
  const y: (number | null)[][] = values.map(() => []);
  const gaps: number[] | undefined = minGapOf ? [] : undefined;
  for (const row of rows) {
    const t = timeOf(row);
    const last = x.length - 1;
    if (last >= 0 && x[last] === t) {
      for (let s = 0; s < values.length; s++) {
        const v = readingOrNull(values[s](row));
        if (v !== null) y[s][last] = v;
      }
      if (gaps) gaps[last] = Math.max(gaps[last], minGapOf!(row));
      continue;
    }
    x.push(t);
    for (let s = 0; s < values.length; s++) y[s].push(readingOrNull(values[s](row)));
    gaps?.push(minGapOf!(row));
  }
  return { x, y, gaps };
}

function firstPresentRow({ x, y }: AlignedSeries): number {
  for (let i = 0; i < x.length; i++) if (y.some((s) => s[i] !== null)) return i;
  return x.length;
}

/**
 * Indices of readings with no neighbour on either side (both null or out of range). A line
 * cannot show them, so the chart draws them as dots: a lone blood-pressure reading between two
 * long gaps must still be visible.
 */
export function isolatedIndices(values: readonly (number | null | undefined)[]): number[] {
  const out: number[] = [];
  for (let i = 0; i < values.length; i++) {
    if (values[i] == null) continue;
    const before = i > 0 ? values[i - 1] : null;
    const after = i < values.length - 1 ? values[i + 1] : null;
    if (before == null && after == null) out.push(i);
  }
  return out;
}
