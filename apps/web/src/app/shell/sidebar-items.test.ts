import { describe, expect, it } from 'vitest';
import type { PageKey, SidebarItem } from '@vigil/contracts';
import { groupContains, topLevelPath, visibleSidebar } from './sidebar-items.ts';

const link = (name: string): SidebarItem => ({ path: `/${name}`, i18n: `menu.${name}`, type: 1, name, lower: [] });
const tree: SidebarItem[] = [
  { path: '', i18n: 'menu.group.organisation', type: 0, name: 'organisation', lower: [link('org'), link('area'), link('staff')] },
  { path: '', i18n: 'menu.group.logs', type: 0, name: 'logs', lower: [link('change-log-staff')] },
  link('abnormal-log'),
  link('not-a-page'),
];

describe('sidebar filtering', () => {
  it('keeps links to reachable pages and groups with at least one such child', () => {
    const visible = visibleSidebar(tree, new Set<PageKey>(['area', 'abnormal-log']));
    expect(visible.map((i) => i.name)).toEqual(['organisation', 'abnormal-log']);
    expect(visible[0].lower.map((i) => i.name)).toEqual(['area']);
  });

  it('shows nothing for an empty route table and never links to unknown paths', () => {
    expect(visibleSidebar(tree, new Set())).toEqual([]);
    expect(visibleSidebar([link('not-a-page')], new Set<PageKey>(['home']))).toEqual([]);
  });

  it('highlights by the top-level path', () => {
    expect(topLevelPath('/member/info/3')).toBe('/member');
    expect(topLevelPath('/')).toBe('/');
    expect(groupContains(tree[0], '/area')).toBe(true);
    expect(groupContains(tree[0], '/member')).toBe(false);
  });
});
