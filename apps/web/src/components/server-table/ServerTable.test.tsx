import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import type { Paginated } from '@vigil/contracts';
import { renderWithProviders, signInAs, testQueryClient } from '../../test/render.tsx';
import { type ListParams, defaultListParams, useListParams } from './list-params.ts';
import { ServerTable } from './ServerTable.tsx';
import { useRowToggle } from './row-toggle.ts';
import { tablePrefsKey } from './table-prefs.ts';
import { setViewportWidth } from '../../test/viewport.ts';

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

/** A table whose choices are remembered under the name "staff", as a page would declare it. */
function RememberedStaff({ fetchPage }: { fetchPage: (p: ListParams) => Promise<Paginated<Staff>> }) {
  const [params, setParams] = useListParams({}, 'staff');
  const { data } = useQuery({ queryKey: ['staff', params], queryFn: () => fetchPage(params) });
  return (
    <ServerTable
      label="Staff"
      name="staff"
      columns={[
        { id: 'id', label: 'ID' },
        { id: 'name', label: 'Name' },
      ]}
      data={data}
      params={params}
      onParamsChange={setParams}
      rowKey={(r) => r.id}
      actions={{ edit: { onClick: () => undefined } }}
    />
  );
}

// MUI's menus and selects take a few hundred milliseconds each in jsdom; a loaded machine needs room.
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

  it('pins the actions column at the right edge, over an opaque background', () => {
    renderWithProviders(
      <ServerTable<Staff>
        label="Staff"
        columns={[{ id: 'name', label: 'Name' }]}
        data={page([{ id: 1, name: 'Ada', enable: true }])}
        params={defaultListParams}
        onParamsChange={() => undefined}
        rowKey={(r) => r.id}
        actions={{ edit: { onClick: () => undefined } }}
      />,
    );
    const header = screen.getByRole('columnheader', { name: 'Actions' });
    const cell = within(screen.getByText('Ada').closest('tr')!).getByRole('button', { name: 'Edit' }).closest('td')!;
    for (const pinned of [header, cell]) {
      const style = getComputedStyle(pinned);
      expect(style.position).toBe('sticky');
      expect(style.right).toBe('0px');
      expect(style.backgroundColor).toBe('rgb(255, 255, 255)');
      expect(style.whiteSpace).toBe('nowrap');
    }
  });

  it('remembers hidden columns and the page size per user and table, across a remount', async () => {
    signInAs();
    const rows = Array.from({ length: 15 }, (_, i) => ({ id: i + 1, name: `Staff ${i + 1}`, enable: true }));
    const fetchPage = vi.fn(async (_p: ListParams) => page(rows, 40));
    const first = renderWithProviders(<RememberedStaff fetchPage={fetchPage} />);
    await screen.findByText('Staff 1');

    await userEvent.click(screen.getByRole('button', { name: 'Columns' }));
    await userEvent.click(screen.getByRole('menuitemcheckbox', { name: 'ID' }));
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('columnheader', { name: 'ID' })).toBeNull();
    await userEvent.click(screen.getByRole('combobox', { name: /Rows per page/ }));
    await userEvent.click(screen.getByRole('option', { name: '30' }));
    await waitFor(() => expect(fetchPage).toHaveBeenLastCalledWith(expect.objectContaining({ page: 1, per_page: 30 })));
    expect(JSON.parse(window.localStorage.getItem(tablePrefsKey(7, 'staff'))!)).toEqual({ hidden: ['id'], perPage: 30 });
    first.unmount();

    fetchPage.mockClear();
    renderWithProviders(<RememberedStaff fetchPage={fetchPage} />);
    await screen.findByText('Staff 1');
    expect(fetchPage).toHaveBeenCalledWith(expect.objectContaining({ page: 1, per_page: 30 }));
    expect(screen.queryByRole('columnheader', { name: 'ID' })).toBeNull();
    expect(screen.getByRole('columnheader', { name: 'Name' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '1 column hidden' })).toBeTruthy();

    // Another user at the same computer starts from the defaults.
    signInAs({ user: { name: 'Bo Lin', headshot: null, id: 8, org_id: 1, area_id: null } });
    fetchPage.mockClear();
    renderWithProviders(<RememberedStaff fetchPage={fetchPage} />);
    await waitFor(() => expect(fetchPage).toHaveBeenCalledWith(expect.objectContaining({ per_page: 15 })));
  });

  it('shows each row as a card with its fields and actions on a phone', async () => {
    setViewportWidth(390);
    try {
      const edit = vi.fn();
      renderWithProviders(
        <ServerTable<Staff>
          label="Staff"
          columns={[
            { id: 'name', label: 'Name', sortable: true },
            { id: 'id', label: 'ID' },
          ]}
          data={page([
            { id: 1, name: 'Ada', enable: true },
            { id: 2, name: 'Bo', enable: false },
          ])}
          params={defaultListParams}
          onParamsChange={() => undefined}
          rowKey={(r) => r.id}
          actions={{ edit: { onClick: edit } }}
        />,
      );
      expect(screen.queryByRole('table')).toBeNull();
      const cards = within(screen.getByRole('list', { name: 'Staff' })).getAllByRole('listitem');
      expect(cards).toHaveLength(2);
      const ada = within(cards[0]!);
      expect(ada.getByText('Ada')).toBeTruthy();
      expect(ada.getByText('ID')).toBeTruthy();
      await userEvent.click(ada.getByRole('button', { name: 'Edit' }));
      expect(edit).toHaveBeenCalledWith({ id: 1, name: 'Ada', enable: true });
      expect(screen.getByRole('combobox', { name: 'Sort by' })).toBeTruthy();
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('keeps the table on a desktop width', () => {
    setViewportWidth(1440);
    try {
      renderWithProviders(
        <ServerTable<Staff>
          label="Staff"
          columns={[{ id: 'name', label: 'Name' }]}
          data={page([{ id: 1, name: 'Ada', enable: true }])}
          params={defaultListParams}
          onParamsChange={() => undefined}
          rowKey={(r) => r.id}
        />,
      );
      expect(screen.getByRole('table', { name: 'Staff' })).toBeTruthy();
      expect(screen.queryByRole('list', { name: 'Staff' })).toBeNull();
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
