import { describe, expect, it } from 'vitest';
import { type PageKey, Role, defaultApiGroup, defaultSidebar } from '@vigil/contracts';
import { toAllowedRoutes } from '@vigil/contracts';
import { type Session, guestSession } from '../../lib/session.ts';
import { buildRouteTable, pageOfPath } from './route-table.ts';

function sessionFor(role: number): Session {
  const staff = role >= 0 && role <= 17 ? (role as Exclude<Role, -1>) : 2;
  return { ...guestSession, token: 't', role, user: { name: 'x', headshot: null, id: 1, org_id: 1, area_id: null }, allowed: toAllowedRoutes(defaultApiGroup(staff)), sidebar: defaultSidebar(staff) };
}

const registered = (keys: PageKey[]) => new Set<PageKey>(keys);

describe('route tables', () => {
  it('gives a guest, and an unknown role, nothing but /login', () => {
    expect(buildRouteTable(guestSession, registered(['home'])).pages).toEqual([]);
    expect(buildRouteTable(sessionFor(42), registered(['home'])).pages).toEqual([]);
  });

  it('lists only registered pages of the role', () => {
    // Pharmacy staff as their group will read once the delivery orders are served: GET /delivery/medicine.
    const s = sessionFor(Role.pharmacyStaff);
    const session: Session = { ...s, allowed: { ...s.allowed, GET: [...s.allowed.GET, '/delivery/medicine'] } };
    const table = buildRouteTable(session, registered(['home', 'personal', 'pass-modify', 'medication-delivery', 'org']));
    expect(table.pages).toEqual(['home', 'personal', 'pass-modify', 'medication-delivery']);
    expect(table.landing).toBe('medication-delivery');
  });

  it('lands on home while the role landing page is not built', () => {
    expect(buildRouteTable(sessionFor(Role.engineer), registered(['home', 'personal'])).landing).toBe('home');
    expect(buildRouteTable(sessionFor(Role.engineer), registered(['home', 'feature'])).landing).toBe('feature');
  });

  it('leaves out pages whose resource the user may not GET', () => {
    const s = sessionFor(Role.orgAdmin);
    const withoutOrg: Session = { ...s, allowed: { ...s.allowed, GET: s.allowed.GET.filter((r) => r !== '/org') } };
    expect(buildRouteTable(s, registered(['home', 'org'])).pages).toContain('org');
    expect(buildRouteTable(withoutOrg, registered(['home', 'org'])).pages).not.toContain('org');
  });

  it('maps a path to its page by the first segment', () => {
    expect(pageOfPath('/member/info/3')).toBe('member');
    expect(pageOfPath('/')).toBeNull();
    expect(pageOfPath('/nope')).toBeNull();
  });
});
