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
  created_at: 1_767_225_600,
};
const change = { ...entry, id: 8, action: 'update' as const, method: 'PATCH', route: '/care/health/{id}', resource: '/care/health', record_id: 3, staff_name: 'Admin', staff_account: 'orgadmin', role: 2 };

afterEach(() => vi.restoreAllMocks());

describe('audit trail page', { timeout: 20_000 }, () => {
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

  it('exports the filtered trail as CSV in the user’s language', async () => {
    signInAs({ router: Role.orgAdmin, api: [{ route: Resource.audit, method: 'GET' }] });
    const server = mockApi();
    server.list(Resource.audit, auditRow, [entry]);
    const blobs: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((b) => {
      blobs.push(b as Blob);
      return 'blob:audit';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    renderWithProviders(<AuditPage />);
    await screen.findByRole('cell', { name: 'Mei Lin (orgstaff)' });

    await userEvent.click(screen.getByRole('combobox', { name: 'Part of the console' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Vital signs' }));
    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));

    await waitFor(() => expect(blobs).toHaveLength(1));
    const exported = server.callsTo('GET', Resource.audit).at(-1)!;
    expect(exported.query).toMatchObject({ per_page: '-1', resource: '/physiologic' });
    const csv = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.readAsText(blobs[0]);
    });
    expect(csv.split('\r\n')[0]).toBe('Time,Staff,Role,Organisation,Resident,Action,Data,Record no.,Address');
    expect(csv).toContain('Mei Lin (orgstaff),Organisation staff,Sunrise Care,Ada Wang,Read list,Heart rate,,10.1.2.3');
  });
});
