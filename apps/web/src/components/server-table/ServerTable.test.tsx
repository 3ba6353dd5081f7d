import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import type { Paginated } from '@vigil/contracts';
import { renderWithProviders, signInAs, testQueryClient } from '../../test/render.tsx';
import { type ListParams, defaultListParams } from './list-params.ts';
import { ServerTable } from './ServerTable.tsx';
import { useRowToggle } from './row-toggle.ts';

type Staff = { id: number; name: string; enable: boolean };
const page = (list: Staff[], total = list.length): Paginated<Staff> => ({ current_page: 1, last_page: Math.ceil(total / 15) || 1, list, per_page: 15, total });

function StaffTable({ fetchPage, toggle }: { fetchPage: (p: ListParams) => Promise<Paginated<Staff>>; toggle: (row: Staff) => Promise<unknown> }) {
  const [params, setParams] = useState(defaultListParams);
  const queryKey = ['staff', params];
  const { data, isFetching } = useQuery({ queryKey, queryFn: () => fetchPage(params) });
  const enable = useRowToggle<Staff>({ queryKey, mutationFn: ({ row }) => toggle(row) });
  return (
    <ServerTable
      label="Staff"
      columns={[
        { id: 'id', label: 'ID', sortable: true },
        { id: 'name', label: 'Name', sortable: true },
      ]}
      data={data}
      loading={isFetching}
      params={params}
      onParamsChange={setParams}
      rowKey={(r) => r.id}
      actions={{
        enable: { isOn: (r) => r.enable, onToggle: (r) => enable.mutate({ row: r, field: 'enable' }), permission: { method: 'PATCH', route: '/staff/enable/{id}' } },
        edit: { onClick: () => undefined, permission: { method: 'PUT', route: '/staff/{id}' } },
        delete: { onClick: () => undefined, hidden: true },
      }}
    />
  );
}

describe('<ServerTable>', () => {
  it('says No data when the page is empty', async () => {
    renderWithProviders(<StaffTable fetchPage={async () => page([])} toggle={async () => undefined} />);
    expect(await screen.findByText('No data')).toBeTruthy();
  });

  it('asks the server for the next page and for a new sort order, 15 rows a page', async () => {
    const rows = Array.from({ length: 15 }, (_, i) => ({ id: i + 1, name: `Staff ${i + 1}`, enable: true }));
    const fetchPage = vi.fn(async (_p: ListParams) => page(rows, 40));
    renderWithProviders(<StaffTable fetchPage={fetchPage} toggle={async () => undefined} />);
    expect(await screen.findByText('1–15 of 40')).toBeTruthy();
    expect(fetchPage).toHaveBeenLastCalledWith({ page: 1, per_page: 15, order: 'asc', order_by: 'id' });
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(fetchPage).toHaveBeenLastCalledWith({ page: 2, per_page: 15, order: 'asc', order_by: 'id' }));
    await userEvent.click(screen.getByRole('button', { name: 'Name' }));
    await waitFor(() => expect(fetchPage).toHaveBeenLastCalledWith({ page: 1, per_page: 15, order: 'asc', order_by: 'name' }));
    await userEvent.click(screen.getByRole('button', { name: 'Name' }));
    await waitFor(() => expect(fetchPage).toHaveBeenLastCalledWith({ page: 1, per_page: 15, order: 'desc', order_by: 'name' }));
  });

  it('flips the cached row after a successful toggle, without refetching, and disables actions without permission', async () => {
    signInAs({ api: [{ route: '/staff/enable/{id}', method: 'PATCH' }] });
    const fetchPage = vi.fn(async () => page([{ id: 1, name: 'Ada', enable: true }, { id: 2, name: 'Bo', enable: false }]));
    const toggle = vi.fn(async (_row: Staff) => undefined);
    const client = testQueryClient();
    renderWithProviders(
      <QueryClientProvider client={client}>
        <StaffTable fetchPage={fetchPage} toggle={toggle} />
      </QueryClientProvider>,
      { client },
    );
    const row = (await screen.findByText('Ada')).closest('tr')!;
    const toggleSwitch = within(row).getByRole('switch');
    expect((toggleSwitch as HTMLInputElement).checked).toBe(true);
    await userEvent.click(toggleSwitch);
    await waitFor(() => expect((within(screen.getByText('Ada').closest('tr')!).getByRole('switch') as HTMLInputElement).checked).toBe(false));
    expect(toggle.mock.calls[0]?.[0]).toEqual({ id: 1, name: 'Ada', enable: true });
    expect(fetchPage).toHaveBeenCalledTimes(1);
    expect(within(row).getByRole('button', { name: 'Edit' }).hasAttribute('disabled')).toBe(true);
    expect(within(row).queryByRole('button', { name: 'Delete' })).toBeNull();
  });

  it('shows custom row actions by row, named by their label, disabled without permission or by a row condition', async () => {
    signInAs({ api: [{ route: '/staff/{id}', method: 'PATCH' }] });
    const reset = vi.fn();
    const rows = [
      { id: 1, name: 'Ada', enable: true },
      { id: 2, name: 'Bo', enable: false },
    ];
    renderWithProviders(
      <ServerTable<Staff>
        label="Staff"
        columns={[{ id: 'name', label: 'Name' }]}
        data={page(rows)}
        params={defaultListParams}
        onParamsChange={() => undefined}
        rowKey={(r) => r.id}
        actions={{
          custom: [
            { id: 'reset', label: (r) => `Reset the password of ${r.name}`, icon: <span>R</span>, onClick: reset, permission: { method: 'PATCH', route: '/staff/{id}' }, disabled: (r) => !r.enable },
            { id: 'unbind', label: 'Unbind', icon: <span>U</span>, onClick: () => undefined, hidden: (r) => r.id === 2, permission: { method: 'POST', route: '/device/bind' } },
          ],
        }}
      />,
    );
    expect(screen.getByRole('columnheader', { name: 'Actions' })).toBeTruthy();
    const ada = screen.getByText('Ada').closest('tr')!;
    const bo = screen.getByText('Bo').closest('tr')!;
    await userEvent.click(within(ada).getByRole('button', { name: 'Reset the password of Ada' }));
    expect(reset).toHaveBeenCalledWith(rows[0]);
    expect(within(bo).getByRole('button', { name: 'Reset the password of Bo' }).hasAttribute('disabled')).toBe(true);
    expect(within(ada).getByRole('button', { name: 'Unbind' }).hasAttribute('disabled')).toBe(true);
    expect(within(bo).queryByRole('button', { name: 'Unbind' })).toBeNull();
  });
});
