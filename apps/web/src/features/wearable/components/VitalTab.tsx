import { useMemo, useState } from 'react';
import Stack from '@mui/material/Stack';
import type { DeviceType } from '@vigil/contracts';
import { DateRangePicker } from '../../../components/date-range/DateRangePicker.tsx';
import { type DateRange, todayRange } from '../../../components/date-range/date-range-rules.ts';
import { VitalChartPanel, sourcesOf, vitalKinds } from '../../vitals/index.ts';

/** Body temperature, blood oxygen and blood pressure tabs: the reading pages' own chart, this watch only. */
export function VitalTab({ kind, memberId, deviceType }: { kind: 'bodyTemperature' | 'bloodOxygen' | 'bloodPressure'; memberId: number; deviceType: DeviceType }) {
  const [range, setRange] = useState<DateRange>(() => todayRange());
  const sources = useMemo(() => sourcesOf(deviceType), [deviceType]);
  const config = vitalKinds[kind];
  return (
    <Stack spacing={2}>
      <DateRangePicker value={range} onChange={setRange} limit={config.rangeLimit} quick={['today', 'week']} />
      <VitalChartPanel config={config} scope={{ memberId, deviceType, range }} sources={sources} />
    </Stack>
  );
}
