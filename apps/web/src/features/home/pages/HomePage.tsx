import { Suspense, useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { PageLoader } from '../../../components/PageLoader.tsx';
import { Greeting } from '../components/Greeting.tsx';
import { useSession } from '../../../lib/session.ts';
import { homeTabs, selectTab, visibleTabs } from '../tabs.ts';

export default function HomePage() {
  const { t } = useTranslation();
  const location = useLocation();
  const session = useSession();
  const tabs = useMemo(() => visibleTabs(homeTabs, session), [session]);
  const requested = (location.state as { tab?: unknown } | null)?.tab;
  // The tab picked last, with the navigation it was picked in: a later navigation to `/` with a
  // tab in its state (the alert bell) switches tabs in place, derived here rather than in an effect.
  const [picked, setPicked] = useState(() => ({ key: selectTab(tabs, requested), nav: location.key }));
  const tab = picked.nav === location.key || requested === undefined ? picked.key : selectTab(tabs, requested);
  const setTab = (key: string) => setPicked({ key, nav: location.key });
  const active = tabs.find((x) => x.key === tab) ?? tabs[0];
  const Content = active.component;
  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      <Greeting />
      {/* One tab needs no tab bar; the bar appears once a second tab is registered. */}
      {tabs.length > 1 && (
        <Tabs value={active.key} onChange={(_e, value: string) => setTab(value)} aria-label={t('home.tabs')}>
          {tabs.map((x) => (
            <Tab key={x.key} value={x.key} label={t(x.labelKey)} id={`home-tab-${x.key}`} aria-controls={`home-panel-${x.key}`} />
          ))}
        </Tabs>
      )}
      <Box role={tabs.length > 1 ? 'tabpanel' : undefined} id={`home-panel-${active.key}`} aria-labelledby={tabs.length > 1 ? `home-tab-${active.key}` : undefined}>
        <Suspense fallback={<PageLoader />}>
          <Content />
        </Suspense>
      </Box>
    </Box>
  );
}
