import { Suspense, useEffect, useMemo } from 'react';
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { SnackbarProvider } from 'notistack';
import { Navigate, Route, Routes, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { Resource, TOAST_MS, sidebarItem } from '@vigil/contracts';
import { z } from 'zod';
import { EmptyState } from '../../components/EmptyState.tsx';
import { DeliveryWatch } from '../../features/delivery/index.ts';
import { SecondFactorGate, StepUpDialog } from '../../features/personal/index.ts';
import { startRealtimeConnection } from '../../features/realtime/index.ts';
import { PushExpiryNotice } from '../../features/personal/components/PushExpiryNotice.tsx';
import { registerServiceWorker } from '../../lib/push.ts';
import { PageLoader } from '../../components/PageLoader.tsx';
import { dayjsLocale } from '../../lib/format.ts';
import { request } from '../../lib/http.ts';
import { localeStore } from '../../lib/i18n.ts';
import { NavigationContext } from '../../lib/navigation.ts';
import { queryClient } from '../../lib/query-client.ts';
import { hasPermission, recordVisit, setSidebar, useSession } from '../../lib/session.ts';
import { useStore } from '../../lib/store.ts';
import { pageRegistry, registeredPages } from '../routes/registry.ts';
import { buildRouteTable, pageOfPath } from '../routes/route-table.ts';
import { breadcrumbTrail, familyOf } from './breadcrumb-trail.ts';
import { GlobalLoadingOverlay } from './GlobalLoadingOverlay.tsx';
import { IdleSignOut } from './IdleSignOut.tsx';
import { Layout } from './Layout.tsx';
import { ToastBridge } from './ToastBridge.tsx';
import { visibleSidebar } from './sidebar-items.ts';

/** SPEC §4: the last five visited paths, kept in the session. */
function HistoryTracker() {
  const { pathname } = useLocation();
  useEffect(() => recordVisit(pathname), [pathname]);
  return null;
}

/** dayjs formats dates in the interface language (zh-tw or en). */
function DayjsLocaleSync() {
  const locale = useStore(localeStore);
  useEffect(() => {
    dayjs.locale(dayjsLocale(locale));
  }, [locale]);
  return null;
}

/** The sign-in response carries the sidebar; refresh it so an administrator's edits show without signing out. */
function SidebarRefresh() {
  const session = useSession();
  const allowed = hasPermission(session, 'GET', Resource.sidebar);
  const { data } = useQuery({
    queryKey: ['sidebar', session.role],
    enabled: allowed,
    queryFn: ({ signal }) => request(Resource.sidebar, { schema: z.array(sidebarItem), signal, silent: true }),
  });
  useEffect(() => {
    if (data) setSidebar(data);
  }, [data]);
  return null;
}

function ShellContent() {
  const { t } = useTranslation();
  const session = useSession();
  const { pathname } = useLocation();
  const table = useMemo(() => buildRouteTable(session, registeredPages()), [session]);
  const pages = useMemo(() => new Set(table.pages), [table]);
  const sidebar = useMemo(() => visibleSidebar(session.sidebar, pages), [session.sidebar, pages]);
  const navigation = useMemo(() => ({ pages, landing: table.landing, sidebar }), [pages, table.landing, sidebar]);
  const family = familyOf(session.role);
  const current = pageOfPath(pathname) ?? table.landing;
  // The top bar names the page as its breadcrumb does: by role family first (Residents, Patients, Guests…).
  const title = current ? t(breadcrumbTrail(`/${current}`, session.role).at(-1)!.keys) : t('app.name');
  const Landing = table.landing === 'home' ? pageRegistry.home : undefined;

  return (
    <NavigationContext.Provider value={navigation}>
      <Layout sidebar={sidebar} family={family} title={title}>
        <Suspense fallback={<PageLoader />}>
          <Routes>
            <Route
              index
              element={
                Landing ? <Landing /> : table.landing ? <Navigate to={`/${table.landing}`} replace /> : <EmptyState text={t('shell.noRoutes')} />
              }
            />
            {table.pages.map((key) => {
              const Page = pageRegistry[key];
              return Page ? <Route key={key} path={`${key}/*`} element={<Page />} /> : null;
            })}
            <Route path="*" element={<Navigate to="/" replace />} />
          </Routes>
        </Suspense>
      </Layout>
    </NavigationContext.Provider>
  );
}

/**
 * The signed-in console, loaded as its own chunk after sign-in, so the sign-in page carries none of
 * the staff connection's code. The connection then follows the session (token replaced or lost).
 */
export default function Shell() {
  useEffect(startRealtimeConnection, []);
  useEffect(registerServiceWorker, []);
  return (
    <QueryClientProvider client={queryClient}>
      <SnackbarProvider autoHideDuration={TOAST_MS} maxSnack={4} anchorOrigin={{ vertical: 'top', horizontal: 'center' }}>
        <ToastBridge />
        <HistoryTracker />
        <DayjsLocaleSync />
        <SidebarRefresh />
        <PushExpiryNotice />
        <DeliveryWatch />
        <ShellContent />
        <GlobalLoadingOverlay />
        <IdleSignOut />
        <SecondFactorGate />
        <StepUpDialog />
      </SnackbarProvider>
    </QueryClientProvider>
  );
}
