import { type ComponentType, useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  DisplayMode,
  type PhysiologicalKind,
  deviceTypeLabelKey,
  displayModeLabelKey,
  physiologicalKindMeta,
} from '@vigil/contracts';
import { DateRangePicker } from '../../../components/date-range/DateRangePicker.tsx';
import { type DateRange, weekRange } from '../../../components/date-range/date-range-rules.ts';
import { vitalKinds } from '../kinds/table.tsx';
import { useMemberName } from '../api.ts';
import { parseVitalPath, sourcesOf } from '../query.ts';
import { MemberPicker } from '../components/MemberPicker.tsx';
import { SleepDayPanel } from '../components/SleepDayPanel.tsx';
import { VitalChartPanel } from '../components/VitalChartPanel.tsx';
import { VitalTablePanel } from '../components/VitalTablePanel.tsx';
import { useBreadcrumbName } from '../../../lib/breadcrumb-name.ts';
import { useMemberTerm } from '../../../lib/member-term.ts';

/** One reading page (SPEC §2): `/<page>[/<member id>[/<device type>]]`, chart and table tabs. */
export function VitalPage({ kind }: { kind: PhysiologicalKind }) {
  const { t } = useTranslation();
  const { term } = useMemberTerm();
  const navigate = useNavigate();
  const config = vitalKinds[kind];
  const page = physiologicalKindMeta[kind].page;
  const { memberId, deviceType } = parseVitalPath(useParams()['*']);
  useBreadcrumbName(memberId, useMemberName(memberId));
  const [tab, setTab] = useState<DisplayMode>(DisplayMode.chart);
  const [range, setRange] = useState<DateRange>(() => weekRange());
  const sources = useMemo(() => sourcesOf(deviceType), [deviceType]);
  const scope = memberId === null ? null : { memberId, deviceType, range };

  return (
    <Stack spacing={2}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
        <Typography variant="h1" sx={{ flex: '1 1 auto' }}>
          {t(`menu.${page}`)}
          {deviceType !== null && (
            <Typography component="span" color="text.secondary" sx={{ ml: 1.5, fontSize: '1rem' }}>
              {t(deviceTypeLabelKey[deviceType])}
            </Typography>
          )}
        </Typography>
        <MemberPicker value={memberId} onChange={(id) => navigate(`/${page}/${id}${deviceType !== null ? `/${deviceType}` : ''}`)} />
      </Box>
      {scope === null ? (
        <Alert severity="info">{t('vitals.pickMember', { term })}</Alert>
      ) : (
        <>
          <Tabs value={tab} onChange={(_e, v: DisplayMode) => setTab(v)} aria-label={t('vitals.displayMode')}>
            <Tab value={DisplayMode.chart} label={t(displayModeLabelKey.chart)} />
            <Tab value={DisplayMode.table} label={t(displayModeLabelKey.table)} />
          </Tabs>
          {!(config.view === 'sleep' && tab === DisplayMode.chart) && (
            <DateRangePicker value={range} onChange={setRange} limit={config.rangeLimit} quick={['today', 'week']} />
          )}
          {tab === DisplayMode.chart ? (
            config.view === 'sleep' ? (
              <SleepDayPanel memberId={scope.memberId} sources={sources} />
            ) : (
              <VitalChartPanel config={config} scope={scope} sources={sources} />
            )
          ) : (
            <VitalTablePanel config={config} scope={scope} sources={sources} />
          )}
        </>
      )}
    </Stack>
  );
}

const pages = new Map<PhysiologicalKind, ComponentType>();

/** The page component of a kind, one per kind so React keeps state apart between pages. */
export function pageFor(kind: PhysiologicalKind): ComponentType {
  let page = pages.get(kind);
  if (!page) {
    const Page = () => <VitalPage kind={kind} />;
    Page.displayName = `VitalPage(${kind})`;
    pages.set(kind, (page = Page));
  }
  return page;
}
