import {
  AVERAGE_DECIMALS,
  type PhysiologicChart,
  minMaxIndices,
  pickRows,
  prepareSeries,
  readingOrNull,
  roundTo,
  samplingGapSeconds,
  summarize,
} from '@vigil/contracts';

/** One stored reading as the chart query reads it: unix seconds, the value and its data source. */
export type ChartReading = { t: number; value: number | null; source: number };

export interface ChartWindow {
  start: number;
  end: number;
  /** Pixel columns: each keeps its lowest and highest reading. */
  width: number;
  /** A gap strictly longer than this breaks the line (or than the reading's sampling interval, if longer). */
  gapSeconds: number;
}

/**
 * A range of readings (ascending) turned into chart points by the same SPEC §9 functions the web
 * chart kit runs on short ranges, then min-max decimated. Break rows survive decimation once per
 * column, so a week of one-minute heart rate arrives as ≤ 2 × width points with every spike and
 * every gap, and the summary still covers every reading.
 */
export function chartOf(readings: readonly ChartReading[], w: ChartWindow): PhysiologicChart {
  const series = prepareSeries(readings, (r) => r.t, [(r) => r.value], {
    maxGapSeconds: w.gapSeconds,
    minGapOf: (r) => samplingGapSeconds(r.source),
  });
  const keep = minMaxIndices(series.x, series.y, { from: w.start, to: w.end, width: w.width });
  const x = pickRows(series.x, keep);
  const y = pickRows(series.y[0], keep);
  return {
    // A break row sits midway between two readings more than a second apart: flooring keeps it
    // strictly between them, on whole seconds like every other time of the API.
    list: x.map((t, i) => ({ occur_time: Math.floor(t), value: y[i] })),
    bucket_seconds: (w.end - w.start) / w.width,
    total: readings.length,
    summary: summarize(
      readings.map((r) => r.value),
      AVERAGE_DECIMALS,
    ),
  };
}

/** One hour of the rollups (docs/charts.md): unix seconds, every source of the range merged. */
export type ChartRollup = {
  hour: number;
  n: number;
  count: number;
  sum: number;
  min: number | null;
  minTime: number | null;
  max: number | null;
  maxTime: number | null;
};

const HOUR = 3600;

/**
 * A long range from its hourly rollups and, for the partial hours at either edge, its readings:
 * each hour gives its lowest and highest reading at the times they were read, so every spike
 * stays; a whole hour without a reading breaks the line (the raw gap rule needs every reading and
 * is kept for ranges up to a week); the summary and total are those of every reading, exactly.
 */
export function chartOfRollups(edges: readonly ChartReading[], hours: readonly ChartRollup[], w: Omit<ChartWindow, 'gapSeconds'>): PhysiologicChart {
  const points: { t: number; value: number; hour: number }[] = [];
  let total = 0;
  let sum = 0;
  let count = 0;
  let highest = -Infinity;
  let lowest = Infinity;
  const add = (t: number, value: number) => {
    points.push({ t, value, hour: Math.floor(t / HOUR) });
    if (value > highest) highest = value;
    if (value < lowest) lowest = value;
  };
  for (const r of edges) {
    total++;
    const v = readingOrNull(r.value);
    if (v === null) continue;
    sum += v;
    count++;
    add(r.t, v);
  }
  for (const h of hours) {
    total += h.n;
    if (h.count === 0 || h.min === null || h.max === null || h.minTime === null || h.maxTime === null) continue;
    sum += h.sum;
    count += h.count;
    if (h.minTime <= h.maxTime) add(h.minTime, h.min);
    if (h.maxTime !== h.minTime) add(h.maxTime, h.max);
    if (h.minTime > h.maxTime) add(h.minTime, h.min);
  }
  points.sort((a, b) => a.t - b.t);
  const x: number[] = [];
  const y: (number | null)[] = [];
  for (let i = 0; i < points.length; i++) {
    if (i > 0 && points[i].hour - points[i - 1].hour > 1) {
      x.push(Math.floor((points[i - 1].t + points[i].t) / 2));
      y.push(null);
    }
    x.push(points[i].t);
    y.push(points[i].value);
  }
  const keep = minMaxIndices(x, [y], { from: w.start, to: w.end, width: w.width });
  const px = pickRows(x, keep);
  const py = pickRows(y, keep);
  return {
    list: px.map((t, i) => ({ occur_time: t, value: py[i] })),
    bucket_seconds: (w.end - w.start) / w.width,
    total,
    summary:
      count === 0
        ? { average: null, highest: null, lowest: null }
        : { average: roundTo(sum / count, AVERAGE_DECIMALS), highest, lowest },
  };
}
