import { useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { type DeviceType, HEART_RATE_CHART, RangeChoice, rangeChoiceLabelKey } from '@vigil/contracts';
import { TimeSeriesChart } from '../../../components/charts/TimeSeriesChart.tsx';
import { minTickGap, timeLabelFormat } from '../../../components/charts/rules/time-axis.ts';
import type { TimeChartSpec } from '../../../components/charts/uplot/spec.ts';
import { DateRangePicker } from '../../../components/date-range/DateRangePicker.tsx';
import { type DateRange, todayRange, weekRange } from '../../../components/date-range/date-range-rules.ts';
import { ReadingSummary, alignedPoints, sourcesOf, timeAxisRules, useVitalChartPoints, vitalKinds } from '../../vitals/index.ts';

/**
 * SPEC §2 heart-rate tab: day and week buttons plus a manual range of at most one week; summary;
 * the one-minute readings on y 30–140 with lines at 100 and 50. A week is 10,080 readings: the
 * server applies the gap rule and keeps each pixel column's lowest and highest, and sends the
 * summary of every reading (docs/charts.md).
 */
export function HeartRateTab({ memberId, deviceType }: { memberId: number; deviceType: DeviceType }) {
  const { t } = useTranslation();
  const [choice, setChoice] = useState<RangeChoice>(RangeChoice.day);
  const [range, setRange] = useState<DateRange>(() => todayRange());
  const sources = useMemo(() => sourcesOf(deviceType, true), [deviceType]);
  const points = useVitalChartPoints(vitalKinds.heartRate, { memberId, deviceType, range }, sources);
  const from = range.start.unix();
  const to = range.end.unix();
  const unit = t('enum.unit.bpm');

  const built = useMemo(() => {
    const data = alignedPoints(points.data?.list ?? []);
    const spec: TimeChartSpec = {
      series: [{ label: t('vitals.series.heartRate'), unit }],
      y: { min: HEART_RATE_CHART.yMin, max: HEART_RATE_CHART.yMax, ticks: HEART_RATE_CHART.ticks },
      thresholds: [
        { value: HEART_RATE_CHART.highThreshold, tone: 'high', label: t('vitals.threshold.high', { value: HEART_RATE_CHART.highThreshold }) },
        { value: HEART_RATE_CHART.lowThreshold, tone: 'low', label: t('vitals.threshold.low', { value: HEART_RATE_CHART.lowThreshold }) },
      ],
      range: { from, to },
      xFormat: timeLabelFormat(from, to, timeAxisRules),
      tickGap: minTickGap(from, to, timeAxisRules),
      formatTime: (s) => dayjs.unix(s).format('YYYY/MM/DD HH:mm'),
    };
    return { data, spec };
  }, [points.data, from, to, t, unit]);

  const pick = (next: RangeChoice | null) => {
    if (next === RangeChoice.day) setRange(todayRange());
    if (next === RangeChoice.week) setRange(weekRange());
    if (next) setChoice(next);
  };

  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'center' } }}>
        <ToggleButtonGroup exclusive size="small" value={choice} onChange={(_e, v: RangeChoice | null) => pick(v)} aria-label={t('dateRange.label')}>
          <ToggleButton value={RangeChoice.day}>{t(rangeChoiceLabelKey.day)}</ToggleButton>
          <ToggleButton value={RangeChoice.week}>{t(rangeChoiceLabelKey.week)}</ToggleButton>
        </ToggleButtonGroup>
        <DateRangePicker
          value={range}
          limit="week"
          quick={[]}
          onChange={(next) => {
            setChoice(RangeChoice.manual);
            setRange(next);
          }}
        />
      </Stack>
      {points.isError ? (
        <Alert severity="error">{t('vitals.loadFailed')}</Alert>
      ) : (
        <>
          <ReadingSummary summary={points.data?.summary} unit={unit} pending={points.isPending} />
          <TimeSeriesChart
            spec={built.spec}
            data={built.data}
            title={t('vitals.series.heartRate')}
            emptyText={points.isPending ? t('common.loading') : t('wearable.heartRate.empty')}
            fileName={`heart-rate-${memberId}-${range.start.format('YYYYMMDD')}-${range.end.format('YYYYMMDD')}`}
          />
        </>
      )}
    </Stack>
  );
}
