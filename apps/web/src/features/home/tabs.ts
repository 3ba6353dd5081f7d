import { type ComponentType, lazy } from 'react';

export type HomeTab = { key: string; labelKey: string; component: ComponentType };

/**
 * Tabs of the home page. The real-time abnormal feed adds its `abnormal` tab here when it lands
 * (the bell navigates to `/` with `state.tab = 'abnormal'`); an empty tab is never shown.
 */
export const homeTabs: HomeTab[] = [
  { key: 'overview', labelKey: 'home.tab.overview', component: lazy(() => import('./components/Overview.tsx')) },
  { key: 'abnormal', labelKey: 'abnormal.tab', component: lazy(() => import('../abnormal/components/AbnormalFeedTab.tsx')) },
  { key: 'live', labelKey: 'realtime.tab', component: lazy(() => import('../realtime/components/LiveDevicePanel.tsx')) },
];

/** The tab asked for in navigation state, if it exists; otherwise the first. */
export function selectTab(tabs: readonly HomeTab[], requested: unknown): string {
  return tabs.some((tab) => tab.key === requested) ? (requested as string) : (tabs[0]?.key ?? '');
}
