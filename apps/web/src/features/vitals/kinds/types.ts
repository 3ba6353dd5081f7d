import type { ReactNode } from 'react';
import type { TFunction } from 'i18next';
import type { z } from 'zod';
import type { Locale, PhysiologicalKind, StandardKind, StandardRange } from '@vigil/contracts';
import type { RangeLimit } from '../../../components/date-range/date-range-rules.ts';

/** A member's 13 standards (SPEC §3 kinds), their own or SPEC §9's defaults. */
export type StandardSet = Record<StandardKind, StandardRange>;

export interface CellContext {
  t: TFunction;
  locale: Locale;
  /** Unit text of this kind in the reader's language. */
  unit: string;
}

export interface VitalSeries<R> {
  /** i18n key of the series name. */
  labelKey: string;
  value: (row: R) => number | null | undefined;
  dashed?: boolean;
}

export interface VitalColumn<R> {
  id: string;
  labelKey: string;
  render: (row: R, ctx: CellContext) => ReactNode;
  /** Sent as order_by; only fields the resource's list query accepts. */
  sortable?: boolean;
}

export interface ThresholdDef {
  value: number;
  tone: 'high' | 'low';
}

/**
 * Where a kind's reference lines come from: SPEC §2 fixes them for the three SPEC pages
 * (blood oxygen, blood pressure, body temperature), whatever the member's standards; every
 * other kind draws the member's standards (GET /user/standard/{id}).
 */
export type ThresholdRule =
  | { from: 'spec'; lines: readonly ThresholdDef[] }
  | { from: 'standards'; lines: (standards: StandardSet) => readonly ThresholdDef[] };

/**
 * Everything a reading page needs to know about one kind. One entry per kind in `kinds/table.ts`
 * drives the chart, the table, the query and the thresholds of all 17 pages.
 */
export interface VitalKindConfig<R> {
  kind: PhysiologicalKind;
  /** Row schema the list response is checked against (SPEC §5). */
  schema: z.ZodType<R>;
  /** Field the list is ordered and filtered by (sleep records have a span, not an instant). */
  timeField: 'occur_time' | 'start_time';
  timeOf: (row: R) => number;
  /** Chart style: lines, daily totals as bars, or the sleep stage view. */
  view: 'line' | 'bars' | 'sleep';
  series: readonly VitalSeries<R>[];
  /** Fixed y range (SPEC §2/§9), or 'auto' for amounts with no natural scale (steps, water…). */
  y: { min: number; max: number; ticks?: readonly number[] } | 'auto';
  /** SPEC §9 gap rule for this kind, seconds. */
  gapSeconds: number;
  /** Reference lines: SPEC's fixed ones, or the member's standards. */
  thresholds: ThresholdRule;
  /** Table columns between data source and occurrence time (SPEC §2). */
  columns: readonly VitalColumn<R>[];
  /** SPEC §5: the three SPEC pages limit a manual range to one week. */
  rangeLimit: RangeLimit;
  /** Rows open a detail view (ECG waveform). */
  detail?: 'ecgWaveform';
}

/** Common fields of every reading row, all the page itself reads without the kind's help. */
export interface BaseRow {
  id: number;
  type: number;
}
