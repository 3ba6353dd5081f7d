import { describe, expect, it } from 'vitest';
import { breadcrumbTrail } from './breadcrumb-trail.ts';

describe('breadcrumb trail', () => {
  it('starts at home and keys each segment by role family, falling back to the page name', () => {
    expect(breadcrumbTrail('/member/info/12', 9)).toEqual([
      { path: '/', keys: ['page.home'], text: 'home' },
      { path: '/member', keys: ['breadcrumb.hospital.member', 'page.member'], text: 'member' },
      { path: '/member/info', keys: ['breadcrumb.hospital.info', 'page.info'], text: 'info' },
      { path: '/member/info/12', keys: ['breadcrumb.hospital.12', 'page.12'], text: '12' },
    ]);
  });

  it('uses the shared page name for personal and pass-modify', () => {
    expect(breadcrumbTrail('/pass-modify', 12)[1].keys).toEqual(['page.pass-modify']);
    expect(breadcrumbTrail('/personal', 2)[1].keys).toEqual(['page.personal']);
  });

  it('is just home at the root and on /home', () => {
    expect(breadcrumbTrail('/', 2)).toHaveLength(1);
    expect(breadcrumbTrail('/home', 2)).toHaveLength(1);
  });
});
