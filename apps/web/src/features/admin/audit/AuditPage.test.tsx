import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Resource, Role, auditRow } from '@vigil/contracts';
import { mockApi } from '../../../test/api-mock.ts';
import { renderWithProviders, signInAs } from '../../../test/render.tsx';
import AuditPage from './AuditPage.tsx';

const entry = {
  id: 7,
  org_id: 2,
  org_name: 'Sunrise Care',
  staff_id: 5,
  staff_name: 'Mei Lin',
  staff_account: 'orgstaff',
  role: 4,
  member_id: 11,
  member_name: 'Ada Wang',
  member_org_id: 2,
  resource: '/physiologic/heart/rate',
  method: 'GET',
  route: '/physiologic/heart/rate',
  action: 'list' as const,
  record_id: null,
  ip: '10.1.2.3',
  request_id: 'r-1',
  detail: null,
  created_at: 1_767_225_600,
};
const change = { ...entry, id: 8, action: 'update' as const, method: 'PATCH', route: '/care/health/{id}', resource: '/care/health', record_id: 3, staff_name: 'Admin', staff_account: 'orgadmin', role: 2 };

afterEach(() => vi.restoreAllMocks());

describe('audit trail page', () => {
  it("shows who read which member's heart rate, and narrows the list by action", async () => {
    signInAs({ router: Role.orgAdmin, api: [{ route: Resource.audit, method: 'GET' }] });
    const server = mockApi();
    server.list(Resource.audit, auditRow, [entry, change]);
    renderWithProviders(<AuditPage />);

    const table = within(await screen.findByRole('table', { name: 'Audit trail' }));
    const row = (await table.findByRole('cell', { name: 'Mei Lin (orgstaff)' })).closest('tr')!;
    expect(within(row).getAllByRole('cell').map((c) => c.textContent).slice(1)).toEqual([
      'Mei Lin (orgstaff)',
      'Organisation staff',
      'Ada Wang',
      'Read list',
      'Heart rate',
      '-',
      '10.1.2.3',
    ]);
    expect(table.queryByRole('columnheader', { name: 'Organisation' })).toBeNull();

    await userEvent.click(screen.getByRole('combobox', { name: 'Action' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Changed' }));
    await waitFor(() => expect(server.callsTo('GET', Resource.audit).at(-1)?.query).toMatchObject({ action: 'update', page: '1' }));
  });

  it('exports the filtered trail through the server, in the user’s language', async () => {
    signInAs({ router: Role.orgAdmin, api: [{ route: Resource.audit, method: 'GET' }] });
    const server = mockApi();
    server.list(Resource.audit, auditRow, [entry]);
    server.on('GET', `${Resource.audit}/export`, { status: 200, body: 'file' });
    const saved = vi.spyOn(URL, 'createObjectURL').mockImplementation(() => 'blob:audit');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    renderWithProviders(<AuditPage />);
    await screen.findByRole('cell', { name: 'Mei Lin (orgstaff)' });

    await userEvent.click(screen.getByRole('combobox', { name: 'Part of the console' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Vital signs' }));
    await userEvent.click(screen.getByRole('button', { name: 'Export' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Excel workbook (.xlsx)' }));

    await waitFor(() => expect(saved).toHaveBeenCalledTimes(1));
    const exported = server.callsTo('GET', `${Resource.audit}/export`).at(-1)!;
    expect(exported.query).toMatchObject({ format: 'xlsx', lang: 'en', resource: '/physiologic', order_by: 'created_at', order: 'desc' });
    expect(exported.query).not.toHaveProperty('per_page');
  });
});
