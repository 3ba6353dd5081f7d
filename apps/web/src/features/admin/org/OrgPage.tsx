import { useMemo, useState } from 'react';
import PersonAddAltOutlinedIcon from '@mui/icons-material/PersonAddAltOutlined';
import { type OrgRow, OrgType, Resource, orgResource, orgTypeLabelKey } from '@vigil/contracts';
import { useTranslation } from 'react-i18next';
import { ActionDialog, type Column, createdColumn, orDash, ResourcePage } from '../../../components/resource/index.ts';
import { adminRoleFor } from '../shared/roles.ts';
import { staffCreateDialog } from '../staff/staff-dialogs.ts';
import { orgCreateDialog, orgEditDialog, orgKindLabel } from './org-form.ts';

/** SPEC §2 organisation settings (operators): every organisation, its type, enable switch and first admin. */
export default function OrgPage() {
  const { t } = useTranslation();
  const [adminFor, setAdminFor] = useState<OrgRow | null>(null);
  const columns = useMemo<Column<OrgRow>[]>(
    () => [
      { id: 'name', label: t('admin.org.name'), sortable: true },
      { id: 'type', label: t('admin.common.type'), sortable: true, render: (r) => orgKindLabel(t, r) },
      { id: 'phone', label: t('admin.common.phone'), render: (r) => orDash(r.phone) },
      { id: 'address', label: t('admin.common.address'), render: (r) => orDash(r.address) },
      createdColumn<OrgRow>(t),
    ],
    [t],
  );
  const typeFilter = Object.values(OrgType).map((type) => ({ value: type, label: t(orgTypeLabelKey[type]) }));
  return (
    <>
      <ResourcePage
        title={t('page.org')}
        resource={orgResource}
        columns={columns}
        filters={[
          { name: 'keyword', label: t('admin.org.keyword'), kind: 'text' },
          { name: 'type', label: t('admin.common.type'), kind: 'select', options: typeFilter },
        ]}
        create={{ label: t('admin.org.create'), dialog: orgCreateDialog(t) }}
        edit={{ title: t('admin.org.edit'), dialog: (r) => orgEditDialog(t, r) }}
        enable={{ field: 'enable' }}
        rowActions={[
          {
            id: 'admin',
            label: t('admin.org.addAdmin'),
            icon: <PersonAddAltOutlinedIcon fontSize="small" />,
            onClick: setAdminFor,
            permission: { method: 'POST', route: Resource.staff },
            // The operator organisation's accounts are the operators themselves, created elsewhere.
            disabled: (r) => r.type === OrgType.manage,
          },
        ]}
      />
      {adminFor && (
        <ActionDialog
          title={t('admin.org.addAdminOf', { name: adminFor.name })}
          dialog={staffCreateDialog({
            t,
            orgType: adminFor.type,
            isGuard: adminFor.is_guard,
            areas: [],
            orgId: adminFor.id,
            role: adminRoleFor(adminFor.type, adminFor.is_guard),
          })}
          method="POST"
          path={Resource.staff}
          permission={{ method: 'POST', route: Resource.staff }}
          touches={[Resource.staff, Resource.changeStaff]}
          onClose={() => setAdminFor(null)}
        />
      )}
    </>
  );
}
