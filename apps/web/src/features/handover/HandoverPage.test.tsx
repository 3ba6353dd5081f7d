import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { Resource, Role, areaRow, handoverDetail, type HandoverDetail } from '@vigil/contracts';
import { mockApi, ok } from '../../test/api-mock.ts';
import { renderWithProviders, signInAs } from '../../test/render.tsx';
import HandoverPage from './HandoverPage.tsx';

const sheet: HandoverDetail = {
  id: 4,
  org_id: 1,
  area_id: 5,
  area_name: 'East wing',
  period_start: 1_767_225_600,
  period_end: 1_767_254_400,
  state: 0,
  created_by: 7,
  created_by_name: 'Ada Chen',
  signed_by_name: null,
  signed_at: null,
  accepted_by_name: null,
  accepted_at: null,
  member_count: 2,
  open_action_count: 1,
  created_at: 1_767_254_400,
  updated_at: 1_767_254_400,
  situation: null,
  synthesis: null,
  members: [
    { member_id: 11, member_name: 'Mei Chen', severity: 2, summary: 'Fell at 10', contingency: null, items: [{ kind: 'alert_open', member_id: 11, time: 1_767_240_000, source: { resource: '/abnormal', id: 9 }, detail: { category: 1 } }] },
    { member_id: 12, member_name: 'Wei Lin', severity: 0, summary: null, contingency: null, items: [] },
  ],
  actions: [{ id: 1, member_id: 11, member_name: 'Mei Chen', content: 'Neuro check', owner_id: 7, owner_name: 'Ada Chen', due_time: 1_767_258_000, done_at: null, done_by_name: null, carried_from_id: null }],
  changes: null,
};
const api = [
  { route: Resource.handover, method: 'GET' as const },
  { route: `${Resource.handover}/{id}`, method: 'GET' as const },
  { route: `${Resource.handover}/{id}`, method: 'PATCH' as const },
  { route: `${Resource.handover}/sign/{id}`, method: 'PATCH' as const },
];

describe('handover sheet', () => {
  it('shows the unstable member first with the open alert and the action, and signs off as the giver', async () => {
    signInAs({ router: Role.orgStaff, api, user: { name: 'Ada Chen', headshot: null, id: 7, org_id: 1, area_id: null } });
    const server = mockApi();
    server.on('GET', `${Resource.handover}/{id}`, () => ok(handoverDetail.parse(sheet)));
    server.list(Resource.area, areaRow, []);
    server.on('PATCH', `${Resource.handover}/sign/{id}`, () => ok({ ...sheet, state: 1 }));
    renderWithProviders(
      <Routes>
        <Route path="/handover/*" element={<HandoverPage />} />
      </Routes>,
      { route: '/handover/detail/4' },
    );
    const headings = await screen.findAllByRole('heading', { level: 2 });
    expect(headings.map((h) => h.textContent)).toEqual(['Mei Chen', 'Wei Lin', 'Action list']);
    expect(screen.getByText('Unstable')).toBeTruthy();
    expect(screen.getByText(/Open alert/)).toBeTruthy();
    expect(within(screen.getByRole('table', { name: 'Action list' })).getByRole('cell', { name: 'Mei Chen: Neuro check' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Sign off' }));
    await waitFor(() => expect(server.callsTo('PATCH', `${Resource.handover}/sign/4`)).toHaveLength(1));
  });
});
