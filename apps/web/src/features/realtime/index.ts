import { lazy } from 'react';

/**
 * The realtime feature's public surface: the staff connection (the shell starts it once signed in,
 * the abnormal feed listens on it) and the home page's live-device tab, which loads on first open.
 */
export { realtime, startRealtimeConnection, useRealtimeStatus } from './connection.ts';
export { LiveStatusChip } from './components/LiveStatusChip.tsx';
export const LiveDevicePanel = lazy(() => import('./components/LiveDevicePanel.tsx'));
