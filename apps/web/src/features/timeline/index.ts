import { lazy } from 'react';

/** The timeline feature's public surface: the member page's Timeline tab, loaded on first open. */
export const TimelineTab = lazy(() => import('./TimelineTab.tsx').then((m) => ({ default: m.TimelineTab })));
