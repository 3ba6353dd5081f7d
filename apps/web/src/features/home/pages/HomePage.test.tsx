import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { PageKey } from '@vigil/contracts';
import { NavigationContext } from '../../../lib/navigation.ts';
import { jsonResponse, renderWithProviders, signInAs } from '../../../test/render.tsx';
import { selectTab } from '../tabs.ts';
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
