import { useMemo, useState } from 'react';
import KeyOutlinedIcon from '@mui/icons-material/KeyOutlined';
import PhonelinkEraseOutlinedIcon from '@mui/icons-material/PhonelinkEraseOutlined';
import { z } from 'zod';
import { Resource, type StaffRow, isStaffRole, roleLabelKey, staffResource } from '@vigil/contracts';
import { useTranslation } from 'react-i18next';
import { ActionDialog, type Column, createdColumn, orDash, ResourcePage, useAreaOptions } from '../../../components/resource/index.ts';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { request } from '../../../lib/http.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { useSession } from '../../../lib/session.ts';
import { actionPermission } from '../shared/action-permissions.ts';
import { ownOrgKind, rolesForOrg } from '../shared/roles.ts';
import { staffCreateDialog, staffEditDialog, staffPasswordDialog } from './staff-dialogs.ts';

/** SPEC §2 staff: accounts of the organisation, their role and area; enable, edit, reset password. */
export default function StaffPage() {
  const { t } = useTranslation();
  const session = useSession();
  const kind = isStaffRole(session.role) ? ownOrgKind(session.role) : null;
  const areas = useAreaOptions();
  const [resetting, setResetting] = useState<StaffRow | null>(null);
  const [ending, setEnding] = useState<StaffRow | null>(null);
  const ctx = kind ? { t, orgType: kind.type, isGuard: kind.isGuard, areas } : null;

  const columns = useMemo<Column<StaffRow>[]>(
    () => [
      { id: 'account', label: t('admin.staff.account'), sortable: true },
      { id: 'name', label: t('admin.staff.name'), sortable: true },
      { id: 'role', label: t('admin.common.role'), sortable: true, render: (r) => t(roleLabelKey[r.role as keyof typeof roleLabelKey] ?? '') },
      { id: 'area_name', label: t('admin.common.area'), render: (r) => orDash(r.area_name) },
      { id: 'phone', label: t('admin.common.phone'), render: (r) => orDash(r.phone) },
      createdColumn<StaffRow>(t),
    ],
    [t],
  );
  if (!ctx || !kind) return null;
  const roleFilter = rolesForOrg(kind.type, kind.isGuard).map((r) => ({ value: r, label: t(roleLabelKey[r]) }));

  return (
    <>
      <ResourcePage
        title={t('page.staff')}
        resource={staffResource}
        columns={columns}
        filters={[
          { name: 'keyword', label: t('admin.staff.keyword'), kind: 'text' },
          { name: 'role_id', label: t('admin.common.role'), kind: 'select', options: roleFilter },
          { name: 'area_id', label: t('admin.common.area'), kind: 'select', options: areas },
        ]}
        create={{ label: t('admin.staff.create'), dialog: staffCreateDialog(ctx) }}
        edit={{ title: t('admin.staff.edit'), dialog: (r) => staffEditDialog(ctx, r) }}
        enable={{ field: 'enable' }}
        touches={[Resource.changeStaff]}
        rowActions={[
          {
            id: 'password',
            label: (r) => t('admin.staff.resetPasswordOf', { name: r.name }),
            icon: <KeyOutlinedIcon fontSize="small" />,
            onClick: setResetting,
            permission: actionPermission.staffPassword,
          },
          {
            id: 'sessions',
            label: (r) => `${t('sessions.endStaff')}: ${r.name}`,
            icon: <PhonelinkEraseOutlinedIcon fontSize="small" />,
            onClick: setEnding,
            permission: actionPermission.staffSessions,
          },
        ]}
      />
      {resetting && (
        <ActionDialog
          title={t('admin.staff.resetPasswordOf', { name: resetting.name })}
          dialog={staffPasswordDialog(t)}
          method="PATCH"
          path={`${Resource.staff}/password/${resetting.id}`}
          permission={actionPermission.staffPassword}
          touches={[]}
          onClose={() => setResetting(null)}
        />
      )}
      <ConfirmDialog
        open={ending !== null}
        title={t('sessions.endStaff')}
        message={t('sessions.endStaffMessage', { name: ending?.name ?? '' })}
        confirmLabel={t('sessions.endStaff')}
        onConfirm={async () => {
          await request(`${Resource.staff}/session/${ending?.id}`, { method: 'DELETE', schema: z.unknown() });
          notifySuccess();
        }}
        onClose={() => setEnding(null)}
      />
    </>
  );
}
