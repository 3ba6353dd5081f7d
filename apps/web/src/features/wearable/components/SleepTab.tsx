import { useMemo } from 'react';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type DeviceType } from '@vigil/contracts';
import { useTranslation } from 'react-i18next';
import { SleepDayPanel, sourcesOf } from '../../vitals/index.ts';
import { SleepAverageChart } from './SleepAverageChart.tsx';

/** SPEC §2 sleep tab (one night, its stages, then its heart rate), then the week and month averages. */
export function SleepTab({ memberId, deviceType }: { memberId: number; deviceType: DeviceType }) {
  const { t } = useTranslation();
  const sources = useMemo(() => sourcesOf(deviceType), [deviceType]);
  const heartRateSources = useMemo(() => sourcesOf(deviceType, true), [deviceType]);
  return (
    <Stack spacing={3}>
      <SleepDayPanel memberId={memberId} sources={sources} heartRateSources={heartRateSources} />
      {(['week', 'month'] as const).map((period) => (
        <Stack key={period} spacing={1}>
          <Typography variant="h3" component="h3">
            {t(`wearable.sleepAverage.${period}`)}
          </Typography>
          <SleepAverageChart memberId={memberId} sources={sources} period={period} />
        </Stack>
      ))}
    </Stack>
  );
}
