import {
  AVERAGE_DECIMALS,
  type PhysiologicChart,
  minMaxIndices,
  pickRows,
  prepareSeries,
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
