import { useMemo, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { summarize } from '@vigil/contracts/charts';
import {
  AVERAGE_DECIMALS,
  type DataSource,
  SLEEP_HEART_RATE_CHART,
  SLEEP_LABEL_SKIP_EDGE,
  SLEEP_LABEL_SKIP_PREVIOUS,
  SLEEP_WINDOW_END_HOUR,
  SLEEP_WINDOW_START_HOUR,
  type SleepRecord,
  type ValueRecord,
  sleepStageColor,
} from '@vigil/contracts';
import { DownloadChartButton } from '../../../components/charts/DownloadChartButton.tsx';
import { TimeSeriesChart } from '../../../components/charts/TimeSeriesChart.tsx';
import { svgToPng } from '../../../components/charts/download.ts';
import { chartPalette } from '../../../components/charts/palette.ts';
import {
  type BarStage,
  barSpan,
  hoursAndMinutes,
  latestByStart,
  sleepWindow,
  stageSegments,
  stageStartLabels,
} from '../../../components/charts/rules/sleep.ts';
import { SleepStageBar } from '../../../components/charts/sleep/SleepStageBar.tsx';
import type { TimeChartSpec } from '../../../components/charts/uplot/spec.ts';
import { useMemberStandards, useVitalChartRows } from '../api.ts';
import { thresholdLines, vitalSeries } from '../chart-spec.ts';
import { thresholdDefs } from '../kinds/thresholds.ts';
import { vitalKinds, sleepTotalsOf } from '../kinds/table.tsx';
import { ReadingSummary } from './ReadingSummary.tsx';

const ISO = 'YYYY-MM-DD';
const colours: Record<BarStage, string> = {
  deep: sleepStageColor.deep,
  light: sleepStageColor.light,
  rem: sleepStageColor.rem,
  awake: sleepStageColor.awake,
};

export interface SleepDayPanelProps {
  memberId: number;
  sources: DataSource[] | null;
  /** The wearable sleep tab follows the stage bar with the same night's heart rate (SPEC §2). */
  heartRateSources?: DataSource[] | null;
}

/** One night: SPEC §2 sleep tab (single day, 21:00 the day before to 10:00). */
export function SleepDayPanel({ memberId, sources, heartRateSources }: SleepDayPanelProps) {
  const { t } = useTranslation();
  const [day, setDay] = useState<Dayjs>(() => dayjs().startOf('day'));
  const night = sleepWindow(day, SLEEP_WINDOW_START_HOUR, SLEEP_WINDOW_END_HOUR);
  const scope = { memberId, deviceType: null, range: { start: dayjs.unix(night.start), end: dayjs.unix(night.end) } };
  const sleep = useVitalChartRows(vitalKinds.sleep, scope, sources);
  const withHeartRate = heartRateSources !== undefined;
  const heart = useVitalChartRows(vitalKinds.heartRate, scope, heartRateSources ?? null, withHeartRate);
  const records = useMemo(() => latestByStart((sleep.data ?? []) as unknown as SleepRecord[]), [sleep.data]);

  return (
    <Stack spacing={2}>
      <TextField
        type="date"
        size="small"
        label={t('vitals.sleep.day')}
        value={day.format(ISO)}
        onChange={(e) => {
          const next = dayjs(e.target.value, ISO);
          if (e.target.value && next.isValid() && !next.isAfter(dayjs(), 'day')) setDay(next.startOf('day'));
        }}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: dayjs().format(ISO) } }}
        sx={{ width: 200 }}
      />
      {sleep.isError ? (
        <Alert severity="error">{t('vitals.loadFailed')}</Alert>
      ) : sleep.isPending ? (
        <Typography color="text.secondary">{t('common.loading')}</Typography>
      ) : records.length === 0 ? (
        <Typography color="text.secondary" data-testid="sleep-empty" role="status">
          {t('vitals.sleep.empty')}
        </Typography>
      ) : (
        <>
          <SleepNight records={records} fileName={`sleep-${memberId}-${day.format('YYYYMMDD')}`} />
          {withHeartRate && (
            <SleepHeartRate memberId={memberId} rows={(heart.data ?? []) as unknown as ValueRecord[]} pending={heart.isPending} from={night.start} to={night.end} />
          )}
        </>
      )}
    </Stack>
  );
}

function SleepNight({ records, fileName }: { records: SleepRecord[]; fileName: string }) {
  const { t } = useTranslation();
  const theme = useTheme();
  const svg = useRef<SVGSVGElement>(null);
  const segments = useMemo(() => records.flatMap(stageSegments), [records]);
  const span = barSpan(records);
  const totals = useMemo(() => {
    const sum = { awake: 0, light: 0, deep: 0, rem: 0, sleep: 0 };
    for (const r of records) {
      const one = sleepTotalsOf(r);
      for (const k of Object.keys(sum) as (keyof typeof sum)[]) sum[k] += one[k];
    }
    return sum;
  }, [records]);
  if (!span) return null;
  const labels = stageStartLabels(
    segments.map((s) => s.start),
    span.start,
    span.end,
    { skipPrevious: SLEEP_LABEL_SKIP_PREVIOUS, skipEdge: SLEEP_LABEL_SKIP_EDGE },
  );
  const stageName = (stage: BarStage) => t(`enum.sleepStage.${stage}`);
  const minutesText = (minutes: number) => t('vitals.sleep.minutes', { minutes });
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 3, alignItems: 'baseline', mb: 2 }} data-testid="sleep-totals">
        <Box>
          <Typography variant="body2" color="text.secondary">
            {t('vitals.sleep.total')}
          </Typography>
          <Typography variant="h3" component="p">
            {t('vitals.sleep.hoursMinutes', hoursAndMinutes(totals.sleep))}
          </Typography>
        </Box>
        {(['deep', 'light', 'rem', 'awake'] as const).map((stage) => (
          <Box key={stage}>
            <Typography variant="body2" color="text.secondary">
              {stageName(stage)}
            </Typography>
            <Typography component="p">{minutesText(totals[stage])}</Typography>
          </Box>
        ))}
        <Box sx={{ flex: 1 }} />
        <DownloadChartButton
          fileName={fileName}
          render={() => (svg.current ? svgToPng(svg.current, chartPalette(theme).background) : Promise.reject(new Error('bar not mounted')))}
        />
      </Box>
      <SleepStageBar
        ref={svg}
        segments={segments}
        span={span}
        labels={labels}
        colours={colours}
        stageName={stageName}
        minutesText={minutesText}
        title={t('vitals.sleep.stages')}
      />
    </Paper>
  );
}

/**
 * The night's heart rate on SPEC's 30–120 scale, with the member's own instant heart-rate limits
 * as on every other heart-rate chart (the scale widens to hold them and every reading).
 */
function SleepHeartRate({ memberId, rows, pending, from, to }: { memberId: number; rows: ValueRecord[]; pending: boolean; from: number; to: number }) {
  const { t } = useTranslation();
  const unit = t('enum.unit.bpm');
  const { standards, pending: linesPending } = useMemberStandards(vitalKinds.heartRate, memberId);
  const built = useMemo(() => {
    const data = vitalSeries(vitalKinds.heartRate, rows);
    const spec: TimeChartSpec = {
      series: [{ label: t('vitals.series.heartRate'), unit }],
      y: { min: SLEEP_HEART_RATE_CHART.yMin, max: SLEEP_HEART_RATE_CHART.yMax, ticks: SLEEP_HEART_RATE_CHART.ticks },
      thresholds: thresholdLines(thresholdDefs(vitalKinds.heartRate, standards), t),
      range: { from, to },
      xFormat: 'HH:mm',
      tickGap: SLEEP_HEART_RATE_CHART.tickGap,
      formatTime: (s) => dayjs.unix(s).format('YYYY/MM/DD HH:mm'),
    };
    return { data, spec };
  }, [rows, from, to, t, unit, standards]);
  const summary = useMemo(() => summarize(rows.map((r) => r.value), AVERAGE_DECIMALS), [rows]);
  if (pending || linesPending) return <Typography color="text.secondary">{t('common.loading')}</Typography>;
  if (rows.length === 0 || built.data.x.length === 0) {
    return (
      <Typography color="text.secondary" data-testid="sleep-heart-rate-empty" role="status">
        {t('vitals.sleep.heartRateEmpty')}
      </Typography>
    );
  }
  return (
    <Stack spacing={1.5}>
      <Typography variant="h3" component="h3">
        {t('vitals.series.heartRate')}
      </Typography>
      <ReadingSummary summary={summary} unit={unit} />
      <TimeSeriesChart spec={built.spec} data={built.data} title={t('vitals.series.heartRate')} emptyText={t('common.noData')} fileName={`sleep-heart-rate-${from}`} />
    </Stack>
  );
}
