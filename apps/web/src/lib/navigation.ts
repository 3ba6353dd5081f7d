import { createContext, useContext } from 'react';
import type { PageKey, SidebarItem } from '@vigil/contracts';

/**
 * What the signed-in user can reach, computed once by the shell and read by pages (the home
 * dashboard lists sections; the account menu offers only reachable pages).
 */
export type Navigation = {
  pages: ReadonlySet<PageKey>;
  landing: PageKey | null;
  /** The sidebar tree after permission and route-table filtering. */
  sidebar: SidebarItem[];
};

export const NavigationContext = createContext<Navigation>({ pages: new Set(), landing: null, sidebar: [] });

export function useNavigation(): Navigation {
  return useContext(NavigationContext);
}
