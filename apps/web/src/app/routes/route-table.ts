import { Page, type PageKey, isStaffRole, roleLandingPage, rolePages } from '@vigil/contracts';
import { type Session, hasPermission } from '../../lib/session.ts';

export type RouteTable = {
  /** Pages this user can open, in the role's menu order (home and account pages first). */
  pages: PageKey[];
  /** Where `/` leads; null when the table is empty. */
  landing: PageKey | null;
};

export const guestTable: RouteTable = { pages: [], landing: null };

/** The page a path belongs to: its first segment (`/member/info/3` -> `member`), if it is a page. */
export function pageOfPath(path: string): PageKey | null {
  const first = path.replace(/^\/+/, '').split('/')[0] ?? '';
  return first in Page ? (first as PageKey) : null;
}

/**
 * SPEC §2 route table of a role: the role's pages (contracts rolePages) that are implemented
 * (registered) and whose resource the user may GET. A guest, or a role the console does not know,
 * gets the guest table: nothing but /login. The landing page falls back to home while the role's
 * own landing page is not built yet.
 */
export function buildRouteTable(session: Session, registered: ReadonlySet<PageKey>): RouteTable {
  if (session.token === null || !isStaffRole(session.role)) return guestTable;
  const pages = rolePages(session.role).filter(
    (key) => registered.has(key) && hasPermission(session, 'GET', Page[key].resource),
  );
  const preferred = roleLandingPage[session.role];
  const landing = pages.includes(preferred) ? preferred : pages.includes('home') ? 'home' : (pages[0] ?? null);
  return { pages, landing };
}
