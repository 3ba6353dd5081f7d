import { type ComponentType, lazy } from 'react';
import { Resource } from '@vigil/contracts';
import { hasPermission, type Session } from '../../lib/session.ts';
import { AbnormalFeedTab } from '../abnormal/index.ts';
import { LiveDevicePanel } from '../realtime/index.ts';
import { mayWatchDeviceRooms } from './panels.ts';

export type HomeTab = {
  key: string;
  labelKey: string;
  component: ComponentType;
  /** Whether the signed-in session may see the tab; absent means every session may. */
  visible?: (session: Session) => boolean;
};

/**
 * SPEC §6: the alert list is for sessions permitted GET /abnormal — the same check the bell makes
 * before fetching and the server makes before a socket joins any alert room — so the feed tab
 * is not offered to a role that would get a permission error and no live alerts.
 */
export const mayListAbnormal = (session: Session): boolean => hasPermission(session, 'GET', Resource.abnormal);

/**
 * Tabs of the home page (the bell navigates to `/` with `state.tab = 'abnormal'`); a tab the
 * session may not see is left out, and an empty tab bar is never shown.
 */
export const homeTabs: HomeTab[] = [
  { key: 'overview', labelKey: 'home.tab.overview', component: lazy(() => import('./components/Overview.tsx')) },
  {
    key: 'abnormal',
    labelKey: 'abnormal.tab',
    component: AbnormalFeedTab,
    visible: mayListAbnormal,
  },
  {
    key: 'live',
    labelKey: 'realtime.tab',
    component: LiveDevicePanel,
    visible: mayWatchDeviceRooms,
  },
];

/** The tabs this session may see, in order. */
export function visibleTabs(tabs: readonly HomeTab[], session: Session): HomeTab[] {
  return tabs.filter((tab) => tab.visible?.(session) ?? true);
}

/** The tab asked for in navigation state, if it exists; otherwise the first. */
export function selectTab(tabs: readonly HomeTab[], requested: unknown): string {
  return tabs.some((tab) => tab.key === requested) ? (requested as string) : (tabs[0]?.key ?? '');
}
