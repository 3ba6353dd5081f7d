import { Suspense, useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { PageLoader } from '../../../components/PageLoader.tsx';
import { Greeting } from '../components/Greeting.tsx';
import { homeTabs, selectTab } from '../tabs.ts';

export default function HomePage() {
  const { t } = useTranslation();
  const location = useLocation();
  const requested = (location.state as { tab?: unknown } | null)?.tab;
  const [tab, setTab] = useState(() => selectTab(homeTabs, requested));
  // A later navigation to `/` with a tab in its state (the alert bell) switches tabs in place.
  useEffect(() => {
    if (requested !== undefined) setTab(selectTab(homeTabs, requested));
  }, [requested, location.key]);
  const active = homeTabs.find((x) => x.key === tab) ?? homeTabs[0];
  const Content = active.component;
  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      <Greeting />
      {/* One tab needs no tab bar; the bar appears once a second tab is registered. */}
      {homeTabs.length > 1 && (
        <Tabs value={active.key} onChange={(_e, value: string) => setTab(value)} aria-label={t('home.tabs')}>
          {homeTabs.map((x) => (
            <Tab key={x.key} value={x.key} label={t(x.labelKey)} id={`home-tab-${x.key}`} aria-controls={`home-panel-${x.key}`} />
          ))}
        </Tabs>
      )}
      <Box role={homeTabs.length > 1 ? 'tabpanel' : undefined} id={`home-panel-${active.key}`} aria-labelledby={homeTabs.length > 1 ? `home-tab-${active.key}` : undefined}>
        <Suspense fallback={<PageLoader />}>
          <Content />
        </Suspense>
      </Box>
    </Box>
  );
}
