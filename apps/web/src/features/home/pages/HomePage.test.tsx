import { afterEach, describe, expect, it, vi } from 'vitest';
import { Role } from '@vigil/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import type { PageKey } from '@vigil/contracts';
import { NavigationContext } from '../../../lib/navigation.ts';
import { jsonResponse, renderWithProviders, signInAs } from '../../../test/render.tsx';
import { sessionStore } from '../../../lib/session.ts';
import { mayWatchDeviceRooms } from '../panels.ts';
import { homeTabs, mayListAbnormal, selectTab, visibleTabs } from '../tabs.ts';
import HomePage from './HomePage.tsx';

const profile = { id: 3, account: 'hospadmin', name: 'Dr Lin', headshot: null, org_id: 2, org_name: 'Riverside Hospital', area_id: null, area_name: null, role: 8, phone: null, email: null, created_at: 1, updated_at: 1 };
afterEach(() => vi.unstubAllGlobals());

describe('home dashboard', () => {
  it('greets the user with organisation, area and role, and lists reachable sections', async () => {
    signInAs({ router: 8 });
    vi.stubGlobal('fetch', vi.fn(async () => jsonResponse(200, { data: profile })));
    const navigation = {
      pages: new Set<PageKey>(['home', 'personal', 'pass-modify', 'member', 'area']),
      landing: 'home' as const,
      sidebar: [
        { path: '', i18n: 'menu.group.organisation', type: 0 as const, name: 'organisation', lower: [{ path: '/area', i18n: 'menu.area', type: 1 as const, name: 'area', lower: [] }] },
        { path: '/member', i18n: 'menu.member', type: 1 as const, name: 'member', lower: [] },
      ],
    };
    renderWithProviders(
      <NavigationContext.Provider value={navigation}>
        <HomePage />
      </NavigationContext.Provider>,
    );
    await waitFor(() => expect(screen.getByTestId('greeting').textContent).toMatch(/Dr Lin/));
    const identity = screen.getByTestId('home-identity');
    expect(await within(identity).findByText('Organisation: Riverside Hospital')).toBeTruthy();
    expect(within(identity).getByText('Area: All areas')).toBeTruthy();
    const sections = await screen.findAllByTestId('home-section');
    expect(sections.map((s) => within(s).getByRole('heading').textContent)).toEqual(['Organisation', 'Shortcuts', 'Your account']);
    // Member is called "Patients" in a hospital.
    expect(within(sections[1]).getByRole('link', { name: 'Patients' }).getAttribute('href')).toBe('/member');
  });

  it('opens the tab named in the navigation state (the alert bell asks for abnormal), else the first', () => {
    const tabs = [
      { key: 'overview', labelKey: 'home.tab.overview', component: () => null },
      { key: 'abnormal', labelKey: 'abnormal.tab', component: () => null },
    ];
    expect(selectTab(tabs, 'abnormal')).toBe('abnormal');
    expect(selectTab(tabs, undefined)).toBe('overview');
    expect(selectTab(tabs, 'nonsense')).toBe('overview');
    expect(selectTab(tabs.slice(0, 1), 'abnormal')).toBe('overview');
  });
});

describe('home tabs per session', () => {
  const abnormalGet = { route: '/abnormal', method: 'GET' as const };
  const keys = () => visibleTabs(homeTabs, sessionStore.get()).map((tab) => tab.key);

  it('offers the abnormal tab only to a session permitted GET /abnormal', () => {
    signInAs({ router: Role.orgAdmin, api: [abnormalGet] });
    expect(mayListAbnormal(sessionStore.get())).toBe(true);
    expect(keys()).toEqual(['overview', 'abnormal', 'live']);
    // The detail pair alone is not the list.
    signInAs({ router: Role.orgAdmin, api: [{ route: '/abnormal/{id}', method: 'GET' }] });
    expect(keys()).toEqual(['overview', 'live']);
    signInAs({ router: Role.pharmacyStaff, api: [] });
    expect(keys()).toEqual(['overview', 'live']);
  });

  it('drops the live-devices tab for an area-scoped role without an area, keeps it with one', () => {
    signInAs({ router: Role.orgAreaAdmin, api: [abnormalGet], user: { name: 'A', headshot: null, id: 9, org_id: 1, area_id: null } });
    expect(mayWatchDeviceRooms(sessionStore.get())).toBe(false);
    expect(keys()).toEqual(['overview', 'abnormal']);
    signInAs({ router: Role.orgAreaAdmin, api: [abnormalGet], user: { name: 'A', headshot: null, id: 9, org_id: 1, area_id: 4 } });
    expect(keys()).toEqual(['overview', 'abnormal', 'live']);
    // Organisation-wide roles need no area.
    signInAs({ router: Role.orgStaff, api: [], user: { name: 'S', headshot: null, id: 10, org_id: 1, area_id: null } });
    expect(keys()).toEqual(['overview', 'live']);
  });

  it('renders no abnormal tab without the permission, and falls back to the first tab when the bell asks for it', async () => {
    signInAs({ router: Role.orgAreaAdmin, api: [], user: { name: 'A', headshot: null, id: 9, org_id: 1, area_id: null } });
    vi.stubGlobal('fetch', vi.fn(async () => jsonResponse(200, { data: profile })));
    renderWithProviders(<HomePage />, { state: { tab: 'abnormal' } });
    await waitFor(() => expect(screen.getByTestId('greeting')).toBeTruthy());
    // Only the overview remains: no tab bar, no feed.
    expect(screen.queryByRole('tab', { name: 'Abnormal alerts' })).toBeNull();
    expect(screen.queryByRole('tablist')).toBeNull();
  });

  it('renders the abnormal tab for a permitted session', async () => {
    signInAs({ router: Role.orgAdmin, api: [abnormalGet] });
    vi.stubGlobal('fetch', vi.fn(async () => jsonResponse(200, { data: profile })));
    renderWithProviders(<HomePage />);
    expect(await screen.findByRole('tab', { name: 'Abnormal alerts' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Live devices' })).toBeTruthy();
  });
});
