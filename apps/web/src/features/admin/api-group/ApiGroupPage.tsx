import { useMemo, useState } from 'react';
import TuneIcon from '@mui/icons-material/Tune';
import { type ApiGroupRow, type Role, Resource, apiGroupCreate, apiGroupResource, roleLabelKey } from '@vigil/contracts';
import { useTranslation } from 'react-i18next';
import { type Column, createdColumn, dialog, orDash, ResourcePage } from '../../../components/resource/index.ts';
import { apiGroupName } from '../shared/group-name.ts';
import { ApiGroupDialog } from './ApiGroupDialog.tsx';

const nameForm = apiGroupCreate.pick({ name: true, remark: true });

/** SPEC §2 API settings: permission groups, their pairs (edited in the matrix) and the roles using them. */
export default function ApiGroupPage() {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<ApiGroupRow | null>(null);
  const fields = [
    { name: 'name' as const, label: t('admin.common.name'), required: true },
    { name: 'remark' as const, label: t('admin.common.remark'), multiline: true },
  ];
  const columns = useMemo<Column<ApiGroupRow>[]>(
    () => [
      { id: 'name', label: t('admin.common.name'), sortable: true, render: (r) => apiGroupName(r.name, t) },
      { id: 'remark', label: t('admin.common.remark'), render: (r) => orDash(r.remark) },
      { id: 'role_ids', label: t('admin.apiGroup.roles'), render: (r) => r.role_ids.map((id) => t(roleLabelKey[id as Role])).join('、') || '-' },
      { id: 'permission_count', label: t('admin.apiGroup.permissions'), render: (r) => t('admin.apiGroup.count', { count: r.permission_count }) },
      createdColumn<ApiGroupRow>(t),
    ],
    [t],
  );
  return (
    <>
      <ResourcePage
        title={t('page.api')}
        resource={apiGroupResource}
        columns={columns}
        filters={[{ name: 'keyword', label: t('admin.apiGroup.keyword'), kind: 'text' }]}
        create={{ label: t('admin.apiGroup.create'), dialog: dialog({ schema: nameForm, defaultValues: { name: '', remark: '' }, fields, toBody: (v) => ({ ...v, permissions: [] }) }) }}
        deletable
        rowActions={[
          {
            id: 'permissions',
            label: (r) => t('admin.apiGroup.editPermissions', { name: apiGroupName(r.name, t) }),
            icon: <TuneIcon fontSize="small" />,
            onClick: setEditing,
            permission: { method: 'PUT', route: `${Resource.apiGroup}/{id}` },
          },
        ]}
      />
      {editing && <ApiGroupDialog group={editing} onClose={() => setEditing(null)} />}
    </>
  );
}
