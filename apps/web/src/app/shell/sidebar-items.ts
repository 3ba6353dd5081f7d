import type { SidebarItem } from '@vigil/contracts';
import type { PageKey } from '@vigil/contracts';
import { pageOfPath } from '../routes/route-table.ts';

/**
 * SPEC §2: a link shows only if its page is in the user's route table (which already requires GET
 * on the page's resource and an implemented page, so there are no dead links); a group shows if
 * any child does, and keeps only those children.
 */
export function visibleSidebar(items: readonly SidebarItem[], pages: ReadonlySet<PageKey>): SidebarItem[] {
  const out: SidebarItem[] = [];
  for (const item of items) {
    if (item.type === 0) {
      const lower = visibleSidebar(item.lower, pages);
      if (lower.length > 0) out.push({ ...item, lower });
    } else {
      const page = pageOfPath(item.path);
      if (page !== null && pages.has(page)) out.push(item);
    }
  }
  return out;
}

/** The top-level path of a location (`/member/info/3` -> `/member`), used for highlighting. */
export function topLevelPath(pathname: string): string {
  const first = pathname.replace(/^\/+/, '').split('/')[0] ?? '';
  return `/${first}`;
}

/** Whether a group holds the link for the current top-level path (it then starts expanded). */
export function groupContains(item: SidebarItem, top: string): boolean {
  return item.lower.some((child) => (child.type === 0 ? groupContains(child, top) : topLevelPath(child.path) === top));
}
