/**
 * Min-max decimation for dense line charts (a week of one-minute heart rate is 10,080 points on
 * a chart about 1,000 pixels wide). Each pixel column keeps, per series, the row of its lowest and
 * of its highest value, so the drawn envelope is exactly the envelope of the raw data: a single
 * spike always survives, and nothing is averaged or smoothed. Rows where every series is null
 * (the break rows of `prepareSeries`) are kept once per column so a gap never closes up.
 *
 * Returns the kept row indices in ascending order; the caller picks them from every aligned
 * array, so x and all series stay aligned for uPlot.
 */
export interface DecimationWindow {
  /** Left edge of the plotted x range (same unit as x). */
  from: number;
  /** Right edge of the plotted x range. */
  to: number;
  /** Plot width in device pixels: the number of columns. */
  width: number;
}

export function minMaxIndices(
  x: readonly number[],
  ys: readonly (readonly (number | null)[])[],
  { from, to, width }: DecimationWindow,
): number[] {
  const columns = Math.max(1, Math.floor(width));
  // Two rows per series per column is the most min-max can keep; below that nothing is gained.
  if (x.length <= columns * 2 || to <= from) return x.map((_, i) => i);

  const scale = columns / (to - from);
  const keep: number[] = [];
  let column = Number.NaN;
  const minIdx = new Int32Array(ys.length);
  const maxIdx = new Int32Array(ys.length);
  let breakIdx = -1;

  const flush = () => {
    const picked: number[] = [];
    for (let s = 0; s < ys.length; s++) {
      if (minIdx[s] >= 0) picked.push(minIdx[s]);
      if (maxIdx[s] >= 0 && maxIdx[s] !== minIdx[s]) picked.push(maxIdx[s]);
    }
    if (breakIdx >= 0) picked.push(breakIdx);
    picked.sort((a, b) => a - b);
    for (const i of picked) if (keep[keep.length - 1] !== i) keep.push(i);
  };

  for (let i = 0; i < x.length; i++) {
    const c = Math.min(columns - 1, Math.max(0, Math.floor((x[i] - from) * scale)));
    if (c !== column) {
      if (!Number.isNaN(column)) flush();
      column = c;
      minIdx.fill(-1);
      maxIdx.fill(-1);
      breakIdx = -1;
    }
    let present = false;
    for (let s = 0; s < ys.length; s++) {
      const v = ys[s][i];
      if (v == null) continue;
      present = true;
      if (minIdx[s] < 0 || v < (ys[s][minIdx[s]] as number)) minIdx[s] = i;
      if (maxIdx[s] < 0 || v > (ys[s][maxIdx[s]] as number)) maxIdx[s] = i;
    }
    if (!present && breakIdx < 0) breakIdx = i;
  }
  if (!Number.isNaN(column)) flush();
  return keep;
}

/** Picks the kept rows from an aligned series. */
export function pickRows<T>(values: readonly T[], indices: readonly number[]): T[] {
  const out = new Array<T>(indices.length);
  for (let k = 0; k < indices.length; k++) out[k] = values[indices[k]];
  return out;
}
