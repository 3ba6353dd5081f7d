import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { z } from 'zod';
import { type AreaRow, Resource, areaCreate, areaResource, areaRow, areaUpdate, listQuery, resourceContract } from '@vigil/contracts';
import { mockApi, ok, validationFailed } from '../../test/api-mock.ts';
import { renderWithProviders, signInAs } from '../../test/render.tsx';
import { setViewportWidth } from '../../test/viewport.ts';
import { type Column, ResourcePage, dialog } from './index.ts';

const area = (id: number, name: string, enable = true): z.input<typeof areaRow> => ({
  id,
  org_id: 1,
  org_name: 'Sunrise Care',
  name,
  remark: null,
  enable,
  created_at: 1_700_000_000 + id,
  updated_at: 1_700_000_000 + id,
});

const columns: Column<AreaRow>[] = [
  { id: 'id', label: 'ID', sortable: true },
  { id: 'name', label: 'Area name', sortable: true },
];
const fields = [
  { name: 'name' as const, label: 'Area name', required: true },
  { name: 'remark' as const, label: 'Remark', multiline: true },
];

/** The area list as a page declares it: its contract, columns, filters, dialogs, toggles. */
function Areas() {
  return (
    <ResourcePage
      title="Areas"
      resource={areaResource}
      columns={columns}
      filters={[
        { name: 'name', label: 'Area name', kind: 'text' },
        { name: 'enable', label: 'State', kind: 'select', options: [{ value: 1, label: 'Enabled' }] },
      ]}
      create={{ label: 'Add area', dialog: dialog({ schema: areaCreate, defaultValues: { name: '', remark: '' }, fields }) }}
      edit={{ title: 'Edit area', dialog: (r) => dialog({ schema: areaUpdate, defaultValues: { name: r.name, remark: r.remark ?? '' }, fields }) }}
      enable={{ field: 'enable' }}
      deletable
    />
  );
}

const everything = [
  { route: Resource.area, method: 'GET' as const },
  { route: Resource.area, method: 'POST' as const },
  { route: `${Resource.area}/{id}`, method: 'PUT' as const },
  { route: `${Resource.area}/{id}`, method: 'DELETE' as const },
  { route: `${Resource.area}/enable/{id}`, method: 'PATCH' as const },
];

/**
 * Each test clicks through MUI in jsdom (a few hundred milliseconds on an idle machine); on a loaded
 * two-core machine that can pass the default five seconds, so these get more room.
 */

const rowOf = async (name: string) => (await screen.findByRole('cell', { name })).closest('tr')!;

/** The text under a form field: its error or its hint. */
function helperOf(input: HTMLElement): string {
  const id = input.getAttribute('aria-describedby');
  return id ? (document.getElementById(id)?.textContent ?? '') : '';
}

describe('<ResourcePage>', () => {
  it('shows the server page by page and asks the server to sort', async () => {
    signInAs({ api: everything });
    const api = mockApi();
    api.list(Resource.area, areaRow, Array.from({ length: 20 }, (_, i) => area(i + 1, `Wing ${String(i + 1).padStart(2, '0')}`)));
    renderWithProviders(<Areas />);

    expect(await screen.findByText('1–15 of 20')).toBeTruthy();
    expect(screen.getByRole('cell', { name: 'Wing 01' })).toBeTruthy();
    expect(api.calls[0]).toMatchObject({ method: 'GET', path: Resource.area, query: { page: '1', per_page: '15', order: 'asc', order_by: 'id' } });

    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByRole('cell', { name: 'Wing 16' })).toBeTruthy();
    expect(screen.queryByRole('cell', { name: 'Wing 01' })).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Area name' }));
    await userEvent.click(screen.getByRole('button', { name: 'Area name' }));
    expect(await screen.findByRole('cell', { name: 'Wing 20' })).toBeTruthy();
    expect(api.calls.at(-1)?.query).toMatchObject({ page: '1', order: 'desc', order_by: 'name' });
  });

  it('sends the search bar: texts on Search, selects at once, from page 1; refuses special characters', async () => {
    signInAs({ api: everything });
    const api = mockApi();
    api.list(Resource.area, areaRow, Array.from({ length: 20 }, (_, i) => area(i + 1, `Wing ${i + 1}`)));
    renderWithProviders(<Areas />);
    await userEvent.click(await screen.findByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(api.calls.at(-1)?.query.page).toBe('2'));

    const search = within(screen.getByRole('search'));
    await userEvent.type(search.getByLabelText('Area name'), 'Wing 3');
    expect(api.calls.at(-1)?.query.name).toBeUndefined();
    await userEvent.click(search.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(api.calls.at(-1)?.query).toMatchObject({ name: 'Wing 3', page: '1' }));

    await userEvent.click(search.getByRole('combobox', { name: 'State' }));
    await userEvent.click(screen.getByRole('option', { name: 'Enabled' }));
    await waitFor(() => expect(api.calls.at(-1)?.query).toMatchObject({ name: 'Wing 3', enable: '1' }));

    const calls = api.calls.length;
    await userEvent.type(search.getByLabelText('Area name'), '<');
    expect(search.getByRole('button', { name: 'Search' }).hasAttribute('disabled')).toBe(true);
    expect(helperOf(search.getByLabelText('Area name'))).toMatch(/Cannot input special characters/);
    expect(api.calls.length).toBe(calls);
  });

  it('starts again from page 1 when the page’s own query values change', async () => {
    function WithExtra() {
      const [org, setOrg] = useState<number | undefined>(undefined);
      return (
        <ResourcePage
          title="Areas"
          resource={areaResource}
          columns={columns}
          extraQuery={{ org_id: org }}
          searchExtras={
            <button type="button" onClick={() => setOrg(2)}>
              Second organisation
            </button>
          }
        />
      );
    }
    signInAs({ api: everything });
    const api = mockApi();
    api.list(Resource.area, areaRow, Array.from({ length: 20 }, (_, i) => area(i + 1, `Wing ${i + 1}`)));
    renderWithProviders(<WithExtra />);
    await userEvent.click(await screen.findByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(api.calls.at(-1)?.query.page).toBe('2'));
    await userEvent.click(screen.getByRole('button', { name: 'Second organisation' }));
    await waitFor(() => expect(api.calls.at(-1)?.query).toMatchObject({ org_id: '2', page: '1' }));
    expect(api.calls.some((c) => c.query.org_id === '2' && c.query.page === '2')).toBe(false);
  });

  it('creates through the dialog built from the contracts schema, and refreshes the list', async () => {
    signInAs({ api: everything });
    const api = mockApi();
    const rows = api.list(Resource.area, areaRow, [area(1, 'East wing')]);
    api.accept('POST', Resource.area, areaCreate);
    renderWithProviders(<Areas />);
    await rowOf('East wing');

    await userEvent.click(screen.getByRole('button', { name: 'Add area' }));
    const form = within(await screen.findByRole('dialog', { name: 'Add area' }));
    await userEvent.click(form.getByRole('button', { name: 'Save' }));
    expect(helperOf(form.getByLabelText(/Area name/))).toBe('This field is required');
    expect(api.callsTo('POST', Resource.area)).toHaveLength(0);

    await userEvent.type(form.getByLabelText(/Area name/), 'North wing');
    rows.push(areaRow.parse(area(2, 'North wing')));
    await userEvent.click(form.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.callsTo('POST', Resource.area).map((c) => c.body)).toEqual([{ name: 'North wing', remark: '' }]);
    expect(await screen.findByRole('cell', { name: 'North wing' })).toBeTruthy();
  });

  it('edits a row with its values filled in and puts the server’s -5 errors under their fields', async () => {
    signInAs({ api: everything });
    const api = mockApi();
    api.list(Resource.area, areaRow, [area(1, 'East wing'), area(2, 'West wing')]);
    api.on('PUT', `${Resource.area}/{id}`, validationFailed([{ field: 'name', message: 'error.duplicate' }]));
    renderWithProviders(<Areas />);

    await userEvent.click(within(await rowOf('West wing')).getByRole('button', { name: 'Edit' }));
    const form = within(await screen.findByRole('dialog', { name: 'Edit area' }));
    const name = form.getByLabelText(/Area name/);
    expect((name as HTMLInputElement).value).toBe('West wing');
    await userEvent.clear(name);
    await userEvent.type(name, 'East wing');
    await userEvent.click(form.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(helperOf(name)).toBe('Duplicate data'));
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('dialog', { name: 'Edit area' })).toBeTruthy();
    expect(api.callsTo('PUT', `${Resource.area}/2`).map((c) => c.body)).toEqual([{ name: 'East wing', remark: '' }]);
  });

  it('flips the enable switch after the server accepts it, without reloading the page', async () => {
    signInAs({ api: everything });
    const api = mockApi();
    api.list(Resource.area, areaRow, [area(1, 'East wing', true)]);
    api.accept('PATCH', `${Resource.area}/enable/{id}`, z.strictObject({ enable: z.boolean() }));
    renderWithProviders(<Areas />);
    const toggle = within(await rowOf('East wing')).getByRole('switch', { name: 'Disable' });

    await userEvent.click(toggle);
    await waitFor(() => expect((within(screen.getByRole('row', { name: /East wing/ })).getByRole('switch') as HTMLInputElement).checked).toBe(false));
    expect(api.callsTo('PATCH', `${Resource.area}/enable/1`).map((c) => c.body)).toEqual([{ enable: false }]);
    expect(api.callsTo('GET', Resource.area)).toHaveLength(1);
  });

  it('deletes only after the confirmation', async () => {
    signInAs({ api: everything });
    const api = mockApi();
    const rows = api.list(Resource.area, areaRow, [area(1, 'East wing'), area(2, 'West wing')]);
    api.on('DELETE', `${Resource.area}/{id}`, () => {
      rows.splice(1, 1);
      return { status: 200, body: { data: null } };
    });
    renderWithProviders(<Areas />);

    await userEvent.click(within(await rowOf('West wing')).getByRole('button', { name: 'Delete' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    expect(api.callsTo('DELETE', `${Resource.area}/2`)).toHaveLength(0);

    await userEvent.click(within(await rowOf('West wing')).getByRole('button', { name: 'Delete' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('cell', { name: 'West wing' })).toBeNull());
    expect(api.callsTo('DELETE', `${Resource.area}/2`)).toHaveLength(1);
  });

  it('disables each action whose call the session is not permitted', async () => {
    signInAs({ api: [{ route: Resource.area, method: 'GET' }, { route: `${Resource.area}/{id}`, method: 'PUT' }] });
    const api = mockApi();
    api.list(Resource.area, areaRow, [area(1, 'East wing')]);
    renderWithProviders(<Areas />);
    const row = within(await rowOf('East wing'));

    expect(screen.getByRole('button', { name: 'Add area' }).hasAttribute('disabled')).toBe(true);
    expect(row.getByRole('button', { name: 'Edit' }).hasAttribute('disabled')).toBe(false);
    expect(row.getByRole('button', { name: 'Delete' }).hasAttribute('disabled')).toBe(true);
    expect(row.getByRole('switch').hasAttribute('disabled')).toBe(true);
  });
});

describe('<ResourcePage> follow', () => {
  const watched = z.object({ id: z.number(), name: z.string(), is_follow: z.boolean() });
  const residents = resourceContract({ path: Resource.user, row: watched, listQuery: listQuery(['id']) });

  it('stars a row through the follow route and shows it followed', async () => {
    signInAs({ api: [{ route: '/user', method: 'GET' }, { route: '/user/{id}', method: 'PATCH' }] });
    const api = mockApi();
    api.list('/user', watched, [{ id: 4, name: 'Mei', is_follow: false }]);
    api.accept('PATCH', '/user/follow/{id}', z.strictObject({ is_follow: z.boolean() }));
    renderWithProviders(
      <ResourcePage
        title="Residents"
        resource={residents}
        columns={[{ id: 'name', label: 'Name' }]}
        follow={{ field: 'is_follow', permission: { method: 'PATCH', route: '/user/{id}' } }}
      />,
    );
    const star = within(await rowOf('Mei')).getByRole('button', { name: 'Follow' });
    expect(star.getAttribute('aria-pressed')).toBe('false');

    await userEvent.click(star);
    expect(await within(await rowOf('Mei')).findByRole('button', { name: 'Unfollow' })).toBeTruthy();
    expect(api.callsTo('PATCH', '/user/follow/4').map((c) => c.body)).toEqual([{ is_follow: true }]);
  });
});

describe('<ResourcePage> after a save', () => {
  it('shows a created row that belongs on another page on top of this one, highlighted and announced', async () => {
    signInAs({ api: everything });
    const api = mockApi();
    const rows = api.list(Resource.area, areaRow, Array.from({ length: 20 }, (_, i) => area(i + 1, `Wing ${String(i + 1).padStart(2, '0')}`)));
    api.on('POST', Resource.area, () => {
      const created = area(21, 'North wing');
      rows.push(areaRow.parse(created));
      return ok(created);
    });
    renderWithProviders(<Areas />);
    await rowOf('Wing 01');

    await userEvent.click(screen.getByRole('button', { name: 'Add area' }));
    const form = within(await screen.findByRole('dialog', { name: 'Add area' }));
    await userEvent.type(form.getByLabelText(/Area name/), 'North wing');
    await userEvent.click(form.getByRole('button', { name: 'Save' }));

    const saved = await rowOf('North wing');
    const body = saved.closest('tbody')!;
    expect(body.querySelector('tr')).toBe(saved);
    expect(saved.getAttribute('data-saved')).toBe('true');
    expect(screen.getByRole('status').textContent).toMatch(/^Saved/);
    expect(screen.getByText('1–15 of 21')).toBeTruthy();

    // Another page is another view: the row is no longer pinned there, nor back on page 1.
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByRole('cell', { name: 'North wing' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Previous page' }));
    await rowOf('Wing 01');
    expect(screen.queryByRole('cell', { name: 'North wing' })).toBeNull();
  });

  it('highlights an edited row where it is, briefly, and announces the save', async () => {
    signInAs({ api: everything });
    const api = mockApi();
    const rows = api.list(Resource.area, areaRow, [area(1, 'East wing'), area(2, 'West wing')]);
    api.on('PUT', `${Resource.area}/{id}`, () => {
      const changed = area(2, 'South wing');
      rows[1] = areaRow.parse(changed);
      return ok(changed);
    });
    renderWithProviders(<Areas />);
    await userEvent.click(within(await rowOf('West wing')).getByRole('button', { name: 'Edit' }));
    const form = within(await screen.findByRole('dialog', { name: 'Edit area' }));
    await userEvent.clear(form.getByLabelText(/Area name/));
    await userEvent.type(form.getByLabelText(/Area name/), 'South wing');
    await userEvent.click(form.getByRole('button', { name: 'Save' }));
    const saved = await rowOf('South wing');
    expect(saved.getAttribute('data-saved')).toBe('true');
    expect(saved.previousElementSibling).toBe((await rowOf('East wing')));
    expect((await rowOf('East wing')).hasAttribute('data-saved')).toBe(false);
    expect(screen.getByRole('status').textContent).toMatch(/^Saved/);
    // The tint is brief: it fades out over three seconds (held still, then gone, with reduced motion).
    expect(getComputedStyle(saved.querySelector('td')!).animation).toMatch(/ 3s /);
  });
});

describe('<ResourcePage> on a phone', () => {
  it('lists rows as cards and keeps the filters in a drawer that counts the active ones', async () => {
    setViewportWidth(390);
    try {
      signInAs({ api: everything });
      const api = mockApi();
      api.list(Resource.area, areaRow, [area(1, 'East wing'), area(2, 'West wing')]);
      renderWithProviders(<Areas />);
      await screen.findByText('East wing');
      const cards = within(screen.getByRole('list', { name: 'Areas' }));
      expect(cards.getAllByRole('listitem')).toHaveLength(2);
      expect(screen.queryByRole('search')).toBeNull();

      await userEvent.click(screen.getByRole('button', { name: 'Filters' }));
      const drawer = within(await screen.findByRole('dialog', { name: 'Filters' }));
      await userEvent.click(drawer.getByRole('combobox', { name: 'State' }));
      await userEvent.click(screen.getByRole('option', { name: 'Enabled' }));
      await waitFor(() => expect(api.calls.at(-1)?.query).toMatchObject({ enable: '1' }));
      await userEvent.type(drawer.getByLabelText('Area name'), 'East');
      await userEvent.click(drawer.getByRole('button', { name: 'Search' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(api.calls.at(-1)?.query).toMatchObject({ enable: '1', name: 'East' });
      expect(screen.getByRole('button', { name: 'Filters (2 active)' })).toBeTruthy();
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
