import { type RoleFamily, isStaffRole, roleFamily } from '@vigil/contracts';


/** SPEC §2: these segments use the shared page-name label whatever the role family. */
const sharedSegments = new Set(['pass-modify', 'personal', 'second-factor', 'sessions']);

export function familyOf(role: number): RoleFamily | null {
  return isStaffRole(role) ? roleFamily[role] : null;
}

/**
 * Breadcrumbs from the path segments, home first. Each segment gets the candidate i18n keys in
 * order: `breadcrumb.<family>.<segment>`, then `page.<segment>`; an unlabelled segment (an id)
 * shows as written.
 */
export function breadcrumbTrail(pathname: string, role: number): { path: string; keys: string[]; text: string }[] {
  const segments = pathname.split('/').filter(Boolean).map((s) => decodeURIComponent(s));
  const family = familyOf(role);
  const trail = [{ path: '/', keys: ['page.home'], text: 'home' }];
  segments.forEach((segment, index) => {
    if (index === 0 && segment === 'home') return;
    const keys = sharedSegments.has(segment) || family === null ? [`page.${segment}`] : [`breadcrumb.${family}.${segment}`, `page.${segment}`];
    trail.push({ path: `/${segments.slice(0, index + 1).join('/')}`, keys, text: segment });
  });
  return trail;
}
