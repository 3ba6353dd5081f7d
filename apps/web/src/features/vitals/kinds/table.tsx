import {
  AfibResult,
  BLOOD_OXYGEN_CHART,
  BLOOD_PRESSURE_CHART,
  CHART_GAP_MS,
  HEART_RATE_CHART,
  HEART_RATE_CHART_GAP_MS,
  type PhysiologicalKind,
  physiologicalKindLabelKey,
  StandardKind,
  TEMPERATURE_CHART,
  afibResultLabelKey,
  bloodPressureRecord,
  bloodSugarRecord,
  bloodSugarSegmentLabelKey,
  bodyTemperatureRecord,
  ecgRecord,
  ecgStatusLabelKey,
  genericRecord,
  heartVesselResultLabelKey,
  sleepRecord,
  valueRecord,
  type BloodPressureRecord,
  type BloodSugarRecord,
  type BodyTemperatureRecord,
  type EcgRecord,
  type GenericRecord,
  type SleepRecord,
  type ValueRecord,
  fromUnix,
} from '@vigil/contracts';
import { readingOrNull } from '@vigil/contracts/charts';
import { hoursAndMinutes, stageSegments, stageTotals } from '../../../components/charts/rules/sleep.ts';
import { valueCell } from './cells.tsx';
import type { BaseRow, StandardSet, ThresholdDef, ThresholdRule, VitalColumn, VitalKindConfig } from './types.ts';

const GAP = CHART_GAP_MS / 1000;
const HR_GAP = HEART_RATE_CHART_GAP_MS / 1000;

/** Rows reach a config's functions only after its own schema parsed them, so R is what they are. */
function define<R extends BaseRow>(config: VitalKindConfig<R>): VitalKindConfig<BaseRow> {
  return config as unknown as VitalKindConfig<BaseRow>;
}

/** The member's standard of one kind, its max as the high line and its min as the low line. */
const fromStandard = (kind: StandardKind): ThresholdRule => ({
  from: 'standards',
  lines: (s: StandardSet): ThresholdDef[] => [
    { value: s[kind].max, tone: 'high' },
    { value: s[kind].min, tone: 'low' },
  ],
});
/** Fixed by SPEC §2 (possibly none); the member's standards do not move these. */
const spec = (...lines: ThresholdDef[]): ThresholdRule => ({ from: 'spec', lines });
/** Kinds no standard covers (steps, water, weight…): no lines. */
const none: ThresholdRule = spec();

type Valued = { value: number | null };
const valueColumn = <R extends Valued>(digits = 1): VitalColumn<R> => ({
  id: 'value',
  labelKey: 'vitals.column.value',
  render: (row, ctx) => valueCell(row.value, ctx, digits),
});
/** One line named after its kind ("Blood oxygen", not "Value"), so the legend and a downloaded PNG say what is drawn. */
const valueSeries = <R extends Valued>(kind: PhysiologicalKind) => [{ labelKey: physiologicalKindLabelKey[kind], value: (r: R) => r.value }];
const occurTime = { timeField: 'occur_time' as const, timeOf: (r: { occur_time: number }) => r.occur_time };

const pulsePressure = (r: BloodPressureRecord) => {
  const sys = readingOrNull(r.sys);
  const dia = readingOrNull(r.dia);
  return sys === null || dia === null ? null : sys - dia;
};

const heartRateConfig = define<ValueRecord>({
  kind: 'heartRate',
  schema: valueRecord,
  ...occurTime,
  view: 'line',
  series: valueSeries('heartRate'),
  y: { min: HEART_RATE_CHART.yMin, max: HEART_RATE_CHART.yMax, ticks: HEART_RATE_CHART.ticks },
  gapSeconds: HR_GAP,
  thresholds: fromStandard(StandardKind.instantHeartRate),
  columns: [valueColumn(0)],
  rangeLimit: 'threeMonths',
});

/** A generic amount kind: one value, its own unit, auto scale. */
const amount = (
  kind: PhysiologicalKind,
  view: 'line' | 'bars',
  thresholds: ThresholdRule = none,
  digits = 1,
  extra: readonly VitalColumn<GenericRecord>[] = [],
) =>
  define<GenericRecord>({
    kind,
    schema: genericRecord,
    ...occurTime,
    view,
    series: valueSeries(kind),
    y: 'auto',
    gapSeconds: GAP,
    thresholds,
    columns: [valueColumn(digits), ...extra],
    rangeLimit: 'threeMonths',
  });

/** SPEC §2 (three pages fixed by SPEC) and Vigil's choices for the other fourteen kinds. */
export const vitalKinds: Record<PhysiologicalKind, VitalKindConfig<BaseRow>> = {
  heartRate: heartRateConfig,
  bloodPressure: define<BloodPressureRecord>({
    kind: 'bloodPressure',
    schema: bloodPressureRecord,
    ...occurTime,
    view: 'line',
    series: [
      { labelKey: 'vitals.series.systolic', value: (r) => r.sys },
      { labelKey: 'vitals.series.diastolic', value: (r) => r.dia },
      { labelKey: 'vitals.series.pulsePressure', value: pulsePressure, dashed: true },
    ],
    y: { min: BLOOD_PRESSURE_CHART.yMin, max: BLOOD_PRESSURE_CHART.yMax },
    gapSeconds: GAP,
    // SPEC §2 gives the blood-pressure page no reference lines.
    thresholds: spec(),
    columns: [
      { id: 'sys', labelKey: 'vitals.series.systolic', render: (r, ctx) => valueCell(r.sys, ctx, 0) },
      { id: 'dia', labelKey: 'vitals.series.diastolic', render: (r, ctx) => valueCell(r.dia, ctx, 0) },
      { id: 'pulse_pressure', labelKey: 'vitals.series.pulsePressure', render: (r, ctx) => valueCell(pulsePressure(r), ctx, 0) },
      {
        id: 'afib',
        labelKey: 'vitals.column.afib',
        render: (r, { t }) => t(afibResultLabelKey[(r.data?.afib ?? AfibResult.noData) as AfibResult] ?? afibResultLabelKey[AfibResult.noData]),
      },
      {
        id: 'heart_rate',
        labelKey: 'vitals.column.heartRate',
        render: (r, ctx) => (r.data?.heart_rate == null ? '-' : `${r.data.heart_rate} ${ctx.t('enum.unit.bpm')}`),
      },
    ],
    rangeLimit: 'week',
  }),
  bloodOxygen: define<ValueRecord>({
    kind: 'bloodOxygen',
    schema: valueRecord,
    ...occurTime,
    view: 'line',
    series: valueSeries('bloodOxygen'),
    y: { min: BLOOD_OXYGEN_CHART.yMin, max: BLOOD_OXYGEN_CHART.yMax },
    gapSeconds: GAP,
    thresholds: spec({ value: BLOOD_OXYGEN_CHART.lowThreshold, tone: 'low' }),
    columns: [valueColumn(0)],
    rangeLimit: 'week',
  }),
  bodyTemperature: define<BodyTemperatureRecord>({
    kind: 'bodyTemperature',
    schema: bodyTemperatureRecord,
    ...occurTime,
    view: 'line',
    series: valueSeries('bodyTemperature'),
    y: { min: TEMPERATURE_CHART.yMin, max: TEMPERATURE_CHART.yMax },
    gapSeconds: GAP,
    thresholds: spec(
      { value: TEMPERATURE_CHART.highThreshold, tone: 'high' },
      { value: TEMPERATURE_CHART.lowThreshold, tone: 'low' },
    ),
    columns: [valueColumn(1)],
    rangeLimit: 'week',
  }),
  bloodSugar: define<BloodSugarRecord>({
    kind: 'bloodSugar',
    schema: bloodSugarRecord,
    ...occurTime,
    view: 'line',
    series: valueSeries('bloodSugar'),
    y: { min: 40, max: 300 },
    gapSeconds: GAP,
    // Readings of every meal segment share the chart: the lines bound the before-meal low and
    // the two-hours-after-meal high, the widest normal band of the segments.
    thresholds: {
      from: 'standards',
      lines: (s) => [
        { value: s[StandardKind.sugarAfterMeal2h].max, tone: 'high' },
        { value: s[StandardKind.sugarBeforeMeal].min, tone: 'low' },
      ],
    },
    columns: [
      valueColumn(0),
      {
        id: 'segment',
        labelKey: 'vitals.column.segment',
        render: (r, { t }) => {
          const key = r.data ? bloodSugarSegmentLabelKey[r.data.segment as keyof typeof bloodSugarSegmentLabelKey] : undefined;
          return key ? t(key) : '-';
        },
      },
    ],
    rangeLimit: 'threeMonths',
  }),
  bloodGlucose: amount('bloodGlucose', 'line', fromStandard(StandardKind.fastingSugar), 0),
  ecg: define<EcgRecord>({
    kind: 'ecg',
    schema: ecgRecord,
    ...occurTime,
    view: 'line',
    series: [{ labelKey: 'vitals.column.heartRate', value: (r) => r.heart_rate }],
    y: { min: HEART_RATE_CHART.yMin, max: HEART_RATE_CHART.yMax, ticks: HEART_RATE_CHART.ticks },
    gapSeconds: GAP,
    thresholds: fromStandard(StandardKind.instantHeartRate),
    columns: [
      {
        id: 'status',
        labelKey: 'vitals.column.status',
        render: (r, { t }) => {
          const key = ecgStatusLabelKey[r.status as keyof typeof ecgStatusLabelKey];
          return key ? t(key) : '-';
        },
      },
      {
        id: 'heart_rate',
        labelKey: 'vitals.column.heartRate',
        render: (r, ctx) => (r.heart_rate == null ? '-' : `${r.heart_rate} ${ctx.t('enum.unit.bpm')}`),
      },
      { id: 'findings', labelKey: 'vitals.column.findings', render: (r) => (r.findings.length ? r.findings.join(', ') : '-') },
    ],
    rangeLimit: 'threeMonths',
    detail: 'ecgWaveform',
  }),
  sleep: define<SleepRecord>({
    kind: 'sleep',
    schema: sleepRecord,
    timeField: 'start_time',
    timeOf: (r) => r.start_time,
    view: 'sleep',
    series: [],
    y: 'auto',
    gapSeconds: GAP,
    thresholds: none,
    columns: [
      {
        id: 'end_time',
        labelKey: 'vitals.column.endTime',
        render: (r, { locale }) => fromUnix(r.end_time).toLocaleString(locale, { dateStyle: 'short', timeStyle: 'short' }),
      },
      {
        id: 'total',
        labelKey: 'vitals.column.totalSleep',
        render: (r, { t }) => t('vitals.sleep.hoursMinutes', hoursAndMinutes(sleepTotalsOf(r).sleep)),
      },
      ...(['deep', 'light', 'rem', 'awake'] as const).map(
        (stage): VitalColumn<SleepRecord> => ({
          id: stage,
          labelKey: `enum.sleepStage.${stage}`,
          render: (r, ctx) => valueCell(sleepTotalsOf(r)[stage], ctx, 0),
        }),
      ),
    ],
    rangeLimit: 'threeMonths',
  }),
  activity: amount('activity', 'bars', none, 0),
  sports: amount('sports', 'bars', none, 0),
  weight: amount('weight', 'line'),
  hrv: amount('hrv', 'line', none, 0),
  cholesterol: amount('cholesterol', 'line', fromStandard(StandardKind.cholesterol), 0),
  uricAcid: amount('uricAcid', 'line', fromStandard(StandardKind.uricAcid)),
  urineOutput: amount('urineOutput', 'bars', none, 0),
  drinkingWater: amount('drinkingWater', 'bars', none, 0),
  heartVessel: amount('heartVessel', 'line', none, 0, [
    {
      id: 'result',
      labelKey: 'vitals.column.result',
      render: (r, { t }) => {
        const key = heartVesselResultLabelKey[r.data?.result as keyof typeof heartVesselResultLabelKey];
        return key ? t(key) : '-';
      },
    },
  ]),
};

/**
 * Minutes per stage of one record: the device's own summary when it sent one (it knows naps and
 * corrections), else the sum of the stage segments.
 */
export function sleepTotalsOf(r: SleepRecord) {
  if (r.data) {
    const rem = r.data.REM ?? 0;
    return { awake: r.data.awake, light: r.data.light, deep: r.data.deep, rem, sleep: r.data.light + r.data.deep + rem };
  }
  return stageTotals(stageSegments(r));
}

