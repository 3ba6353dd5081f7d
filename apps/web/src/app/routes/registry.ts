import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import type { PageKey } from '@vigil/contracts';

/**
 * Every page the console can render, by contracts PageKey. A page appears in a role's route table,
 * its sidebar and its home dashboard only once it is registered here, so nothing ever links to a
 * page that does not exist. A feature adds its page with one line. Pages receive nested paths
 * (`member/info/...`) under `<key>/*` and declare their own sub-routes.
 */
export const pageRegistry: Partial<Record<PageKey, LazyExoticComponent<ComponentType>>> = {
  home: lazy(() => import('../../features/home/pages/HomePage.tsx')),
  personal: lazy(() => import('../../features/personal/pages/PersonalPage.tsx')),
  'pass-modify': lazy(() => import('../../features/personal/pages/PassModifyPage.tsx')),
};

export function registeredPages(): ReadonlySet<PageKey> {
  return new Set(Object.keys(pageRegistry) as PageKey[]);
}
