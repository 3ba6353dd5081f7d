import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Resource, Role, areaCreate, areaRow } from '@vigil/contracts';
import { mockApi } from '../../../test/api-mock.ts';
import { renderWithProviders, signInAs } from '../../../test/render.tsx';
import AreaPage from './AreaPage.tsx';

const areas = [
  { id: 1, org_id: 2, org_name: 'Sunrise Care', name: 'East wing', remark: 'Ground floor', enable: true, created_at: 1_767_225_600, updated_at: 1_767_225_600 },
  { id: 2, org_id: 3, org_name: 'Harbour Hotel', name: 'Tower', remark: null, enable: false, created_at: 1_767_225_600, updated_at: 1_767_225_600 },
];
const api = [
  { route: Resource.area, method: 'GET' as const },
  { route: Resource.area, method: 'POST' as const },
];

// Clicks through MUI dialogs in jsdom: more room than five seconds on a loaded two-core machine.
describe('areas page', () => {
  it('shows an operator each area’s organisation, a blank remark as "-", and no organisation column to others', async () => {
    signInAs({ router: Role.engineer, api });
    mockApi().list(Resource.area, areaRow, areas);
    const { unmount } = renderWithProviders(<AreaPage />);
    const table = within(await screen.findByRole('table', { name: 'Areas' }));
    const tower = (await table.findByRole('cell', { name: 'Tower' })).closest('tr')!;
    expect(table.getByRole('columnheader', { name: 'Organisation' })).toBeTruthy();
    expect(within(tower).getAllByRole('cell').map((c) => c.textContent).slice(0, 3)).toEqual([
      'Tower',
      'Harbour Hotel',
      '-',
    ]);
    unmount();

    signInAs({ router: Role.orgAdmin, api });
    mockApi().list(Resource.area, areaRow, areas.slice(0, 1));
    renderWithProviders(<AreaPage />);
    const own = within(await screen.findByRole('table', { name: 'Areas' }));
    expect(await own.findByRole('cell', { name: 'East wing' })).toBeTruthy();
    expect(own.queryByRole('columnheader', { name: 'Organisation' })).toBeNull();
  });

  it('adds an area with a body the server’s areaCreate accepts', async () => {
    signInAs({ router: Role.orgAdmin, api });
    const server = mockApi();
    server.list(Resource.area, areaRow, areas.slice(0, 1));
    server.accept('POST', Resource.area, areaCreate);
    renderWithProviders(<AreaPage />);

    await userEvent.click(await screen.findByRole('button', { name: 'Add area' }));
    const form = within(await screen.findByRole('dialog', { name: 'Add area' }));
    await userEvent.type(form.getByLabelText(/Area name/), 'Garden wing');
    await userEvent.type(form.getByLabelText('Remark'), 'Near the courtyard');
    await userEvent.click(form.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.callsTo('POST', Resource.area).map((c) => c.body)).toEqual([{ name: 'Garden wing', remark: 'Near the courtyard' }]);
  });
});
