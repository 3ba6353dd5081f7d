import { type ComponentType, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  DEFAULT_WEARABLE_TAB,
  type DeviceType,
  Resource,
  WearableTab,
  wearableDeviceModel,
  type wearableDeviceTypes,
  wearableTabLabelKey,
} from '@vigil/contracts';
import { useMemberName } from '../../vitals/index.ts';
import { parseWearableRoute } from '../route.ts';
import { HeartRateTab } from '../components/HeartRateTab.tsx';
import { SleepTab } from '../components/SleepTab.tsx';
import { VitalTab } from '../components/VitalTab.tsx';
import { WatchWearers } from '../components/WatchWearers.tsx';
import { useBreadcrumbName } from '../../../lib/breadcrumb-name.ts';
import { useMemberTerm } from '../../../lib/member-term.ts';
import { hasPermission, useSession } from '../../../lib/session.ts';

type WatchType = (typeof wearableDeviceTypes)[number];
const tabs = Object.values(WearableTab);

/** The reading each tab lists: a tab shows only to a user who may read it. */
const tabResource: Record<WearableTab, string> = {
  [WearableTab.heartRate]: Resource.heartRate,
  [WearableTab.bodyTemperature]: Resource.bodyTemperature,
  [WearableTab.bloodOxygen]: Resource.bloodOxygen,
  [WearableTab.bloodPressure]: Resource.bloodPressure,
  [WearableTab.sleep]: Resource.sleep,
};

/** SPEC §2/§4 wearable device page: five tabs, heart rate first; a tab loads only when selected. */
export function WearablePage({ watch }: { watch: WatchType }) {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const route = parseWearableRoute(useParams()['*'], search, watch as DeviceType);
  const [tab, setTab] = useState<WearableTab>(DEFAULT_WEARABLE_TAB);
  const model = wearableDeviceModel[watch];
  const name = useMemberName(route?.memberId ?? null);
  useBreadcrumbName(route?.memberId, name);
  const { term, label } = useMemberTerm();
  const session = useSession();
  const visibleTabs = tabs.filter((v) => hasPermission(session, 'GET', tabResource[v]));

  return (
    <Stack spacing={2}>
      <Box>
        <Typography variant="h1">{t('wearable.title', { model })}</Typography>
        {route && (
          <Typography color="text.secondary" data-testid="wearable-subject">
            {name ? t('wearable.subjectNamed', { name, term, id: route.memberId }) : t('wearable.subject', { label, id: route.memberId })}
          </Typography>
        )}
      </Box>
      {route === null ? (
        <>
          <Alert severity="info">{t('wearable.invalid', { term })}</Alert>
          <WatchWearers watch={watch} />
        </>
      ) : (
        <>
          <Tabs value={tab} onChange={(_e, v: WearableTab) => setTab(v)} aria-label={t('wearable.tabs')} variant="scrollable">
            {visibleTabs.map((v) => (
              <Tab key={v} value={v} label={t(wearableTabLabelKey[v])} />
            ))}
          </Tabs>
          {/* Only the selected tab is mounted, so only its queries run (SPEC §2). */}
          <Box role="tabpanel" aria-label={t(wearableTabLabelKey[tab])}>
            {tab === WearableTab.heartRate && <HeartRateTab memberId={route.memberId} deviceType={route.deviceType} />}
            {tab === WearableTab.bodyTemperature && <VitalTab kind="bodyTemperature" memberId={route.memberId} deviceType={route.deviceType} />}
            {tab === WearableTab.bloodOxygen && <VitalTab kind="bloodOxygen" memberId={route.memberId} deviceType={route.deviceType} />}
            {tab === WearableTab.bloodPressure && <VitalTab kind="bloodPressure" memberId={route.memberId} deviceType={route.deviceType} />}
            {tab === WearableTab.sleep && <SleepTab memberId={route.memberId} deviceType={route.deviceType} />}
          </Box>
        </>
      )}
    </Stack>
  );
}

const pages = new Map<WatchType, ComponentType>();

/** The page of one watch model (`wearable-device-B10` …). */
export function wearablePageFor(watch: WatchType): ComponentType {
  let page = pages.get(watch);
  if (!page) {
    const Page = () => <WearablePage watch={watch} />;
    Page.displayName = `WearablePage(${wearableDeviceModel[watch]})`;
    pages.set(watch, (page = Page));
  }
  return page;
}
