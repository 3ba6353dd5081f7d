import type { TFunction } from 'i18next';
import {
  type ChartPoint,
  CHART_TIME_FORMAT_DAY,
  CHART_TIME_FORMAT_LONGER,
  HEART_RATE_CHART,
  samplingGapSeconds,
} from '@vigil/contracts';
import dayjs from 'dayjs';
import { type AlignedSeries, prepareSeries } from '@vigil/contracts/charts';
import { type TimeAxisRules, minTickGap, timeLabelFormat } from '../../components/charts/rules/time-axis.ts';
import type { ThresholdLine, TimeChartSpec } from '../../components/charts/uplot/spec.ts';
import { thresholdDefs } from './kinds/thresholds.ts';
import type { BaseRow, StandardSet, ThresholdDef, VitalKindConfig } from './kinds/types.ts';

/** SPEC §2 x-axis rules, shared by every reading chart. */
export const timeAxisRules: TimeAxisRules = {
  dayFormat: CHART_TIME_FORMAT_DAY,
  longerFormat: CHART_TIME_FORMAT_LONGER,
  tickGapDay: HEART_RATE_CHART.tickGapDay,
  tickGapLonger: HEART_RATE_CHART.tickGapLonger,
};

export function thresholdLines(defs: readonly ThresholdDef[], t: TFunction): ThresholdLine[] {
  return defs.map((d) => ({ ...d, label: t(d.tone === 'high' ? 'vitals.threshold.high' : 'vitals.threshold.low', { value: d.value }) }));
}

/**
 * A y range for amounts with no fixed scale: from zero (or just below the lowest value, for
 * values far from zero such as weight) to a round number above the highest value or line.
 */
export function autoYRange(data: AlignedSeries, lines: readonly ThresholdDef[]): { min: number; max: number } {
  let lo = Infinity;
  let hi = -Infinity;
  const values = [...data.y.flat(), ...lines.map((l) => l.value)];
  for (const v of values) {
    if (v == null) continue;
    lo = Math.min(lo, v);
    hi = Math.max(hi, v);
  }
  if (!Number.isFinite(lo)) return { min: 0, max: 10 };
  const step = niceStep((hi - Math.min(0, lo)) / 5 || 1);
  const min = lo > 0 && lo - (hi - lo) > 0 ? Math.floor((lo - (hi - lo) * 0.2) / step) * step : Math.min(0, Math.floor(lo / step) * step);
  const max = Math.max(min + step, Math.ceil((hi + (hi - min) * 0.1) / step) * step);
  return { min, max };
}

function niceStep(raw: number): number {
  const power = 10 ** Math.floor(Math.log10(raw));
  const n = raw / power;
  return (n <= 1 ? 1 : n <= 2 ? 2 : n <= 5 ? 5 : 10) * power;
}

/** A fixed range widened to keep the member's own threshold lines in view. */
export function widenForLines(y: { min: number; max: number }, lines: readonly ThresholdDef[]): { min: number; max: number } {
  let { min, max } = y;
  for (const l of lines) {
    if (l.value > max) max = Math.ceil((l.value + 10) / 10) * 10;
    if (l.value < min) min = Math.floor((l.value - 10) / 10) * 10;
  }
  return { min, max };
}

/**
 * A kind's rows as the chart's aligned series, SPEC §9 rules applied in the browser; each reading
 * may lie as far from the previous one as its own source samples (the server's chart does the same).
 */
export function vitalSeries(config: VitalKindConfig<BaseRow>, rows: readonly BaseRow[]): AlignedSeries {
  return prepareSeries(rows, config.timeOf, config.series.map((s) => s.value), {
    maxGapSeconds: config.gapSeconds,
    minGapOf: (r) => samplingGapSeconds(r.type),
  });
}

/** The chart endpoint's points (rules already applied by the server) as the chart's aligned series. */
export function alignedPoints(list: readonly ChartPoint[]): AlignedSeries {
  return { x: list.map((p) => p.occur_time), y: [list.map((p) => p.value)] };
}

export interface VitalChartInput {
  config: VitalKindConfig<BaseRow>;
  data: AlignedSeries;
  standards: StandardSet;
  from: number;
  to: number;
  unit: string;
  t: TFunction;
}

/** Turns a kind's config and its aligned series into the chart's spec. */
export function buildVitalChart({ config, data, standards, from, to, unit, t }: VitalChartInput): { spec: TimeChartSpec; data: AlignedSeries } {
  const defs = thresholdDefs(config, standards);
  const y =
    config.y === 'auto'
      ? autoYRange(data, defs)
      : { ...widenForLines(config.y, defs), ...(config.y.ticks && widenForLines(config.y, defs).max === config.y.max ? { ticks: config.y.ticks } : {}) };
  const xFormat = timeLabelFormat(from, to, timeAxisRules);
  return {
    data,
    spec: {
      series: config.series.map((s, i) => ({ label: t(s.labelKey), unit, colorIndex: i, dashed: s.dashed, bars: config.view === 'bars' })),
      y,
      thresholds: thresholdLines(defs, t),
      range: { from, to },
      xFormat,
      tickGap: minTickGap(from, to, timeAxisRules),
      formatTime: (s) => dayjs.unix(s).format(`YYYY/MM/DD HH:mm`),
    },
  };
}
