import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { OrgType, Resource, Role, apiGroupDetail, roleRow } from '@vigil/contracts';
import { mockApi, ok } from '../../../test/api-mock.ts';
import { renderWithProviders, signInAs } from '../../../test/render.tsx';
import RolePage from './RolePage.tsx';

const at = 1_767_225_600;
const role = (id: number, i18n: string, api_group_id: number, api_group_name: string) => ({
  id,
  i18n,
  org_type: OrgType.care,
  is_guard: false,
  api_group_id,
  api_group_name,
  created_at: at,
  updated_at: at,
});
const areaAdmin = role(Role.orgAreaAdmin, 'enum.role.orgAreaAdmin', 4, 'default:orgAreaAdmin');
const staff = role(Role.orgStaff, 'enum.role.orgStaff', 5, 'default:orgStaff');
const groups = [4, 5, 9].map((id) => ({ id, name: id === 9 ? 'Night shift' : `default:${id}`, remark: null, permission_count: 0, role_ids: [], permissions: [], created_at: at, updated_at: at }));

// MUI selects in jsdom: more room than five seconds on a loaded two-core machine.
describe('role page', () => {
  it('is "Default roles" to an operator, who switches the API group a role uses', async () => {
    signInAs({
      router: Role.manager,
      api: [
        { route: Resource.role, method: 'GET' },
        { route: `${Resource.role}/{id}`, method: 'PATCH' },
        { route: Resource.apiGroup, method: 'GET' },
      ],
    });
    const server = mockApi();
    server.list(Resource.role, roleRow, [areaAdmin, staff]);
    server.list(Resource.apiGroup, apiGroupDetail, groups);
    server.on('PATCH', `${Resource.role}/{id}`, ok(null));
    renderWithProviders(<RolePage />);
    expect(await screen.findByRole('heading', { name: 'Default roles' })).toBeTruthy();
    await userEvent.click(await screen.findByRole('combobox', { name: 'API permission group of Organisation staff' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Night shift' }));
    await waitFor(() => expect(server.callsTo('PATCH', `${Resource.role}/${Role.orgStaff}`).map((c) => c.body)).toEqual([{ api_group_id: 9 }]));
  });

  it("is \"Role settings\" to an organisation's area admin, who reads each role's group by name without reading the groups", async () => {
    signInAs({ router: Role.orgAreaAdmin, api: [{ route: Resource.role, method: 'GET' }] });
    const server = mockApi();
    server.list(Resource.role, roleRow, [areaAdmin, staff]);
    renderWithProviders(<RolePage />);
    expect(await screen.findByRole('heading', { name: 'Role settings' })).toBeTruthy();
    const table = within(await screen.findByRole('table', { name: 'Role settings' }));
    // The group made on first start reads as the role it was made for, not its stored key.
    expect(await table.findByRole('cell', { name: 'Default: Organisation staff' })).toBeTruthy();
    expect(table.queryByRole('combobox')).toBeNull();
    expect(server.callsTo('GET', Resource.apiGroup)).toEqual([]);
  });
});
