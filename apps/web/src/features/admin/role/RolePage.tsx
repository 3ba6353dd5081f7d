import { useMemo } from 'react';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { type RoleRow, Resource, apiGroupResource, orgTypeLabelKey, roleResource } from '@vigil/contracts';
import { useTranslation } from 'react-i18next';
import { type Column, ResourcePage, useResourceOptions, useWrite } from '../../../components/resource/index.ts';
import { useRoleFamily } from '../../../lib/member-term.ts';
import { usePermission } from '../../../lib/session.ts';
import { apiGroupName } from '../shared/group-name.ts';

/**
 * The current API group of a role, switched in place (PATCH /role/{id} { api_group_id }) by those
 * who may switch it and read the groups (operators); anyone else reads the group's name.
 */
function GroupCell({ row }: { row: RoleRow }) {
  const mayPatch = usePermission('PATCH', `${Resource.role}/{id}`);
  const mayReadGroups = usePermission('GET', Resource.apiGroup);
  const { t } = useTranslation();
  return mayPatch && mayReadGroups ? <GroupSelect row={row} /> : apiGroupName(row.api_group_name, t);
}

function GroupSelect({ row }: { row: RoleRow }) {
  const { t } = useTranslation();
  const groups = useResourceOptions(apiGroupResource);
  const change = useWrite<number>((api_group_id) => ({ method: 'PATCH', path: `${Resource.role}/${row.id}`, body: { api_group_id } }), [Resource.role, Resource.apiGroup]);
  const options = groups.data ?? [{ id: row.api_group_id, name: row.api_group_name }];
  return (
    <TextField
      select
      size="small"
      value={row.api_group_id}
      disabled={change.isPending}
      onChange={(e) => change.mutate(Number(e.target.value))}
      slotProps={{ htmlInput: { 'aria-label': t('admin.role.groupOf', { role: t(row.i18n) }) } }}
      sx={{ minWidth: 220 }}
    >
      {options.map((g) => (
        <MenuItem key={g.id} value={g.id}>
          {apiGroupName(g.name, t)}
        </MenuItem>
      ))}
    </TextField>
  );
}

/**
 * SPEC §2 role page: the roles of SPEC §6 the server shows the user and the API group each
 * currently uses. Operators see all 18 and set the groups every organisation's roles start from,
 * so their page is "Default roles"; an organisation's admins see "Role settings": the roles they
 * may give their staff.
 */
export default function RolePage() {
  const { t } = useTranslation();
  const family = useRoleFamily();
  const columns = useMemo<Column<RoleRow>[]>(
    () => [
      { id: 'id', label: t('admin.role.number'), sortable: true },
      { id: 'i18n', label: t('admin.common.role'), render: (r) => t(r.i18n) },
      { id: 'org_type', label: t('admin.role.orgType'), render: (r) => (r.is_guard ? t('admin.org.guardCompany') : t(orgTypeLabelKey[r.org_type])) },
      { id: 'api_group_id', label: t('admin.role.apiGroup'), render: (r) => <GroupCell row={r} /> },
    ],
    [t],
  );
  return <ResourcePage title={t('menu.role', { context: family ?? undefined })} resource={roleResource} columns={columns} initialParams={{ per_page: 20 }} />;
}
