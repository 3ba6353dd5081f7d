import { useMemo } from 'react';
import Alert from '@mui/material/Alert';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { AVERAGE_DECIMALS, type DataSource, type SleepRecord } from '@vigil/contracts';
import { TimeSeriesChart } from '../../../components/charts/TimeSeriesChart.tsx';
import { nightlyTotals } from '../../../components/charts/rules/sleep.ts';
import { roundTo, summarize } from '@vigil/contracts/charts';
import type { TimeChartSpec } from '../../../components/charts/uplot/spec.ts';
import { sleepTotalsOfRecord, useVitalChartRows, vitalKinds } from '../../vitals/index.ts';

const DAY = 86_400;

/**
 * Beyond SPEC: total sleep of each of the last 7 nights (or the last month) as bars, with the
 * average of the nights that have data as a reference line.
 */
export function SleepAverageChart({ memberId, sources, period }: { memberId: number; sources: DataSource[] | null; period: 'week' | 'month' }) {
  const { t } = useTranslation();
  const todayKey = dayjs().format('YYYY-MM-DD');
  const { first, today, days } = useMemo(() => {
    const end = dayjs(todayKey).startOf('day');
    const start = period === 'week' ? end.subtract(6, 'day') : end.subtract(1, 'month').add(1, 'day');
    const list = [];
    for (let d = start; !d.isAfter(end); d = d.add(1, 'day')) list.push(d);
    return { first: start, today: end, days: list };
  }, [period, todayKey]);
  // Nights end on these days; the first night starts the evening before the first day.
  const range = useMemo(() => ({ start: first.subtract(1, 'day'), end: today.endOf('day') }), [first, today]);
  const rows = useVitalChartRows(vitalKinds.sleep, { memberId, deviceType: null, range }, sources);

  const built = useMemo(() => {
    const minutes = nightlyTotals((rows.data ?? []) as unknown as SleepRecord[], days, (r) => sleepTotalsOfRecord(r).sleep);
    const hours = minutes.map((m) => (m === null ? null : roundTo(m / 60, AVERAGE_DECIMALS)));
    const average = summarize(hours, AVERAGE_DECIMALS).average;
    const unit = t('wearable.sleepAverage.unit');
    const spec: TimeChartSpec = {
      series: [{ label: t('wearable.sleepAverage.series'), unit, bars: true }],
      y: { min: 0, max: 14, ticks: [0, 2, 4, 6, 8, 10, 12, 14] },
      thresholds: average === null ? [] : [{ value: average, tone: 'average', label: t('vitals.threshold.average', { value: `${average} ${unit}` }) }],
      range: { from: first.unix(), to: today.unix() + DAY - 1 },
      xFormat: 'MM/DD',
      tickGap: 40,
      // One label per bar, under its middle; a month labels every fifth night, counted back from today.
      xTicks: days.filter((_d, i) => period === 'week' || (days.length - 1 - i) % 5 === 0).map((d) => d.unix() + DAY / 2),
      formatTime: (s) => dayjs.unix(s).format('YYYY/MM/DD'),
    };
    // Bars sit at noon so each is centred on its day.
    return { spec, data: { x: days.map((d) => d.unix() + DAY / 2), y: [hours] } };
  }, [rows.data, days, first, today, period, t]);

  if (rows.isError) return <Alert severity="error">{t('vitals.loadFailed')}</Alert>;
  const empty = built.data.y[0].every((v) => v === null);
  return (
    <TimeSeriesChart
      spec={built.spec}
      data={empty ? { x: [], y: [[]] } : built.data}
      title={t(`wearable.sleepAverage.${period}`)}
      emptyText={rows.isPending ? t('common.loading') : t('wearable.sleepAverage.empty')}
      height={240}
      fileName={`sleep-${period}-${memberId}-${today.format('YYYYMMDD')}`}
    />
  );
}
