import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { Resource, Role, areaRow, memberRow, staffRow, workLogCreate, workLogRow, type WorkLogRow } from '@vigil/contracts';
import { mockApi, ok } from '../../test/api-mock.ts';
import { renderWithProviders, signInAs } from '../../test/render.tsx';
import WorkLogPage from './WorkLogPage.tsx';

const log: WorkLogRow = {
  id: 3,
  org_id: 2,
  area_id: 5,
  area_name: 'East wing',
  staff_id: 7,
  staff_name: 'Grace Lin',
  shift_date: 1_767_225_600,
  shift: 1,
  summary: 'Calm evening',
  entry_count: 2,
  entries: [
    { time: 1_767_254_400, members: [{ id: 11, name: 'Mei Chen' }, { id: 12, name: 'Wei Lin' }], category: 0, content: 'Helped with dinner', attachments: [] },
    { time: 1_767_258_000, members: [], category: 5, content: 'Checked the windows', attachments: ['0123456789abcdef0123456789abcdef.pdf'] },
  ],
  created_at: 1_767_225_600,
  updated_at: 1_767_225_600,
};
const api = [
  { route: Resource.workLog, method: 'GET' as const },
  { route: `${Resource.workLog}/{id}`, method: 'GET' as const },
  { route: Resource.workLog, method: 'POST' as const },
];
const page = (route: string) =>
  renderWithProviders(
    <Routes>
      <Route path="/work-log/*" element={<WorkLogPage />} />
    </Routes>,
    { route },
  );

describe('work log pages', () => {
  it('lists the logs and opens one with its entries and members named', async () => {
    signInAs({ router: Role.orgStaff, api });
    mockApi().list(Resource.workLog, workLogRow, [log]);
    page('/work-log');
    const table = within(await screen.findByRole('table', { name: 'Work logs' }));
    const row = (await table.findByRole('cell', { name: 'Grace Lin' })).closest('tr')!;
    expect(within(row).getByRole('cell', { name: 'Evening shift' })).toBeTruthy();
    await userEvent.click(within(row).getByRole('button', { name: 'View' }));
    const entries = within(await screen.findByRole('table', { name: 'Entries' }));
    expect(await entries.findByRole('cell', { name: 'Mei Chen, Wei Lin' })).toBeTruthy();
    expect(entries.getByRole('cell', { name: 'Environment' })).toBeTruthy();
    // The entry's PDF is offered for download (an image would also be previewed).
    expect(entries.getByRole('button', { name: /^Download Grace Lin .* 1\.pdf$/ })).toBeTruthy();
  });

  it('adds a log from work-log/add with a body the server’s workLogCreate accepts', async () => {
    signInAs({ router: Role.orgStaff, api });
    const server = mockApi();
    server.list(Resource.workLog, workLogRow, []);
    server.list(Resource.user, memberRow, []);
    server.accept('POST', Resource.workLog, workLogCreate);
    server.on('POST', '/file/work-log', ok({ name: 'fedcba9876543210fedcba9876543210.png' }));
    page('/work-log/add');
    const form = within(await screen.findByRole('dialog', { name: 'Add work log' }));
    await userEvent.click(form.getAllByRole('combobox', { name: /Category/ })[0]);
    await userEvent.click(await screen.findByRole('option', { name: 'Care' }));
    await userEvent.type(form.getAllByLabelText(/Content/)[0], 'Helped with breakfast');
    await userEvent.upload(form.getAllByTestId('file-input')[0], new File([new Uint8Array([0x89, 0x50])], 'tray.png', { type: 'image/png' }));
    expect(await form.findByText('tray.png')).toBeTruthy();
    await userEvent.click(form.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(server.callsTo('POST', Resource.workLog)).toHaveLength(1));
    const body = workLogCreate.parse(server.callsTo('POST', Resource.workLog)[0].body);
    expect(body.entries).toHaveLength(1);
    expect(body.entries[0]).toMatchObject({ category: 0, content: 'Helped with breakfast', member_ids: [], attachments: ['fedcba9876543210fedcba9876543210.png'] });
  });

  it('filters the logs by staff member, area and shift dates', async () => {
    signInAs({ router: Role.orgAdmin, api: [...api, { route: Resource.staff, method: 'GET' }, { route: Resource.area, method: 'GET' }] });
    const server = mockApi();
    server.list(Resource.workLog, workLogRow, [log]);
    server.list(Resource.staff, staffRow, [
      {
        id: 7, account: 'grace', name: 'Grace Lin', org_id: 2, org_name: 'Pine Care', area_id: 5, area_name: 'East wing', role: 4, email: null, phone: null,
        headshot: null, enable: true, password_changed_at: null, created_at: 1_767_225_600, updated_at: 1_767_225_600,
      },
    ]);
    server.list(Resource.area, areaRow, [{ id: 5, org_id: 2, org_name: 'Pine Care', name: 'East wing', remark: null, enable: true, created_at: 1_767_225_600, updated_at: 1_767_225_600 }]);
    page('/work-log');
    await screen.findByRole('table', { name: 'Work logs' });
    const lastQuery = () => server.callsTo('GET', Resource.workLog).at(-1)!.query;
    // A month of shifts by default.
    expect(Number(lastQuery().end_date) - Number(lastQuery().start_date)).toBeGreaterThan(27 * 86_400);

    await userEvent.click(screen.getByRole('combobox', { name: 'Staff' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Grace Lin' }));
    await waitFor(() => expect(lastQuery()).toMatchObject({ user_id: '7' }));
    await userEvent.click(screen.getByRole('combobox', { name: 'Area' }));
    await userEvent.click(await screen.findByRole('option', { name: 'East wing' }));
    await waitFor(() => expect(lastQuery()).toMatchObject({ user_id: '7', area_id: '5' }));
    await userEvent.click(screen.getByRole('button', { name: 'Today' }));
    await waitFor(() => expect(Number(lastQuery().end_date) - Number(lastQuery().start_date)).toBeLessThan(86_400));
  });
});
