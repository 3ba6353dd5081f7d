/**
 * What a time chart shows, independent of uPlot: its series, y scale, reference lines and x
 * range. Pages describe charts with this; `buildOptions` turns it into uPlot options.
 */
export interface SeriesSpec {
  label: string;
  /** Index into the palette's series colours; ignored when `color` is given. */
  colorIndex?: number;
  color?: string;
  /** Appended to values in the tooltip (already translated). */
  unit?: string;
  /** Draw as bars instead of a line (daily totals such as water or steps). */
  bars?: boolean;
  /** Dashed line (derived series such as pulse pressure). */
  dashed?: boolean;
}

export interface ThresholdLine {
  value: number;
  /** Translated label drawn on the line, e.g. "Low threshold 90". */
  label: string;
  /** high and low are alert limits; average is a neutral reference (sleep averages). */
  tone: 'high' | 'low' | 'average';
}

export interface TimeChartSpec {
  series: readonly SeriesSpec[];
  y: { min: number; max: number; ticks?: readonly number[] };
  thresholds: readonly ThresholdLine[];
  /** Plotted x range in unix seconds (the searched range, not the data's extent). */
  range: { from: number; to: number };
  /** dayjs format of x labels (SPEC §2: HH:mm or MM/DD HH:mm). */
  xFormat: string;
  /** Minimum px between x labels (SPEC §2: 20 or 40). */
  tickGap: number;
  /** Fixed x tick positions (unix seconds), for charts of one bar per day; otherwise uPlot picks them. */
  xTicks?: readonly number[];
  /** Formats a time for the tooltip header. */
  formatTime: (seconds: number) => string;
  /** Formats a value for the tooltip. */
  formatValue?: (value: number) => string;
}
