import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { Resource, Role, type StaffRole, areaRow, memberRow, rolePages } from '@vigil/contracts';
import { NavigationContext } from '../../../lib/navigation.ts';
import { mockApi } from '../../../test/api-mock.ts';
import { testMember } from '../../../test/members.ts';
import { renderWithProviders, signInAs } from '../../../test/render.tsx';
import { MemberDetailPage } from './MemberDetailPage.tsx';

const careLists = [Resource.careHealth, Resource.careFollowUp, Resource.careSchedule, Resource.carePackage];

function renderDetail(router: StaffRole) {
  signInAs({
    router,
    api: [Resource.user, `${Resource.user}/{id}`, Resource.area, ...careLists].map((route) => ({ route, method: 'GET' as const })),
  });
  const server = mockApi();
  server.list(Resource.user, memberRow, [testMember]);
  server.list(Resource.area, areaRow, []);
  // What the shell hands its pages: the role's pages (it may GET every one of them here).
  const navigation = { pages: new Set(rolePages(router)), landing: null, sidebar: [] };
  renderWithProviders(
    <NavigationContext.Provider value={navigation}>
      <Routes>
        <Route path="/member/info/:id" element={<MemberDetailPage />} />
      </Routes>
    </NavigationContext.Provider>,
    { route: '/member/info/11' },
  );
}

describe('the member detail’s care records', () => {
  it('links a care role to each of the member’s care record lists', async () => {
    renderDetail(Role.orgStaff);
    await screen.findByRole('heading', { name: 'Mei Chen' });
    await userEvent.click(screen.getByRole('tab', { name: 'Care records' }));
    const links = within(await screen.findByRole('navigation', { name: 'Care records' }));
    const href = (name: string) => links.getByRole('link', { name }).getAttribute('href');
    expect(href('Health education')).toBe('/member/info/11/educate');
    expect(href('Follow-up visits')).toBe('/member/info/11/reconsultation');
    expect(href('Service schedules')).toBe('/member/info/11/service-schedule');
    expect(href('Medication packages')).toBe('/member/info/11/package-record');
    expect(href('Symptom care')).toBe('/member/info/11/symptom-manage');
    expect(href('Outpatient visits')).toBe('/member/info/11/opd');
    expect(href('Abnormal log')).toBe('/member/info/11/abnormal-log');
  });

  it('shows no care records to a role without the care pages', async () => {
    renderDetail(Role.manager);
    await screen.findByRole('heading', { name: 'Mei Chen' });
    expect(screen.getByRole('tab', { name: 'Basic data' })).toBeTruthy();
    expect(screen.queryByRole('tab', { name: 'Care records' })).toBeNull();
  });
});
