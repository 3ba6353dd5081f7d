import { lazy } from 'react';

/**
 * The abnormal feature's public surface: the top bar's alert bell (the shell renders it) and the
 * home page's live alert tab, which loads on first open.
 */
export { AlertBell } from './components/AlertBell.tsx';
export { AlertTypeChip } from './components/PriorityBadge.tsx';
export const AbnormalFeedTab = lazy(() => import('./components/AbnormalFeedTab.tsx'));
/** The abnormal log, narrowed to one member under the member's page (`member/info/:id/abnormal-log`). */
export const AbnormalLogPage = lazy(() => import('./pages/AbnormalLogPage.tsx'));
export { typeText } from './describe.ts';
