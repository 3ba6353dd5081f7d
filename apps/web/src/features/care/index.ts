import { lazy } from 'react';

/**
 * The care feature's public surface: the member-care area under a member (`member/info/:id/<care
 * page>`), which the member pages route to and which loads on first open.
 */
export const MemberCarePage = lazy(() => import('./pages.tsx'));
export { withCareHandle } from './with-handle.tsx';
export { CareHandleLink } from './handle-link.tsx';
