import { useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { useTranslation } from 'react-i18next';
import { type DeviceType, RangeChoice, rangeChoiceLabelKey } from '@vigil/contracts';
import { TimeSeriesChart } from '../../../components/charts/TimeSeriesChart.tsx';
import { DateRangePicker } from '../../../components/date-range/DateRangePicker.tsx';
import { type DateRange, todayRange, weekRange } from '../../../components/date-range/date-range-rules.ts';
import { useMemberTerm } from '../../../lib/member-term.ts';
import {
  ReadingSummary,
  alignedPoints,
  buildVitalChart,
  sourcesOf,
  useMemberStandards,
  useVitalChartPoints,
  vitalKinds,
} from '../../vitals/index.ts';

/**
 * SPEC §2 heart-rate tab: day and week buttons plus a manual range of at most one week; summary;
 * the one-minute readings on SPEC's y 30–140 (widened when a reading lies outside it). The lines
 * are the member's own instant heart-rate standard, exactly as on the heart-rate page, not SPEC's
 * fixed 100 and 50: one member, one truth on every chart (docs/charts.md "Threshold lines"). A
 * week is 10,080 readings: the server applies the gap rule and keeps each pixel column's lowest
 * and highest, and sends the summary of every reading.
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
  const { term } = useMemberTerm();
  const { standards, origin, pending: linesPending } = useMemberStandards(vitalKinds.heartRate, memberId);

  const built = useMemo(
    () => buildVitalChart({ config: vitalKinds.heartRate, data: alignedPoints(points.data?.list ?? []), standards, from, to, unit, t }),
    [points.data, standards, from, to, t, unit],
  );

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
          {!linesPending && (
            <Typography variant="caption" color="text.secondary" data-testid="threshold-source" data-origin={origin}>
              {t(origin === 'member' ? 'vitals.threshold.fromMember' : 'vitals.threshold.fromDefaults', { term })}
            </Typography>
          )}
        </>
      )}
    </Stack>
  );
}
