import { useMemo } from 'react';
import Chip from '@mui/material/Chip';
import { z } from 'zod';
import { type Role, TEMP_ROLE_MAX_DAYS, type TempRoleRow, ValidationMessage, optionalText, roleLabelKey, staffRoleSchema, staffRoles, staffResource, tempRoleResource } from '@vigil/contracts';
import { useTranslation } from 'react-i18next';
import { nowSeconds } from '../../../components/form/field-time.ts';
import { type Column, dialog, orDash, ResourcePage, useResourceOptions } from '../../../components/resource/index.ts';
import { formatDate } from '../../../lib/format.ts';
import { localeStore } from '../../../lib/i18n.ts';

const DAY_SECONDS = 86_400;

/**
 * tempRoleCreate with its expiry checked as the user picks it (unix seconds, as the field holds
 * it); the server checks tempRoleCreate itself (in the future, at most 90 days ahead, a role of
 * the staff member's organisation).
 */
const grantForm = z.object({
  staff_id: z.number({ error: ValidationMessage.required }),
  role: staffRoleSchema,
  expires: z
    .number({ error: ValidationMessage.required })
    .refine((v) => v > Date.now() / 1000, { message: 'admin.tempRole.expiryFuture' })
    .refine((v) => v < Date.now() / 1000 + TEMP_ROLE_MAX_DAYS * DAY_SECONDS, { message: 'admin.tempRole.expiryMax' }),
  remark: optionalText(500),
});

/** SPEC §2 temporary roles: a staff member acting in another role until an expiry; revoking deletes the grant. */
export default function TempRolePage() {
  const { t } = useTranslation();
  const staff = useResourceOptions(staffResource);
  const columns = useMemo<Column<TempRoleRow>[]>(() => {
    const when = (s: number) => formatDate(s, localeStore.get(), 'dateTime');
    return [
      { id: 'staff_name', label: t('page.staff'), render: (r) => `${r.staff_name} (${r.staff_account})` },
      { id: 'org_name', label: t('admin.common.org') },
      { id: 'staff_role', label: t('admin.tempRole.ownRole'), render: (r) => t(roleLabelKey[r.staff_role as Role]) },
      { id: 'role', label: t('admin.tempRole.grantedRole'), render: (r) => t(roleLabelKey[r.role as Role]) },
      { id: 'starts_at', label: t('admin.tempRole.startsAt'), sortable: true, render: (r) => when(r.starts_at) },
      { id: 'expires_at', label: t('admin.tempRole.expiresAt'), sortable: true, render: (r) => when(r.expires_at) },
      {
        id: 'active',
        label: t('admin.common.state'),
        render: (r) => <Chip size="small" color={r.active ? 'success' : 'default'} label={r.active ? t('admin.tempRole.active') : t('admin.tempRole.inactive')} />,
      },
      { id: 'granted_by_name', label: t('admin.tempRole.grantedBy'), render: (r) => orDash(r.granted_by_name) },
    ];
  }, [t]);
  const grant = dialog({
    schema: grantForm,
    defaultValues: { expires: nowSeconds() + 7 * DAY_SECONDS, remark: '' },
    fields: [
      { name: 'staff_id', label: t('page.staff'), kind: 'autocomplete', required: true, options: (staff.data ?? []).map((s) => ({ value: s.id, label: `${s.name} (${s.account}) · ${s.org_name}` })) },
      { name: 'role', label: t('admin.tempRole.grantedRole'), required: true, options: staffRoles.map((r) => ({ value: r, label: t(roleLabelKey[r]) })) },
      {
        name: 'expires',
        label: t('admin.tempRole.expiresAt'),
        kind: 'datetime',
        required: true,
        min: nowSeconds(),
        max: nowSeconds() + TEMP_ROLE_MAX_DAYS * DAY_SECONDS,
        helperText: t('admin.tempRole.expiryHint', { days: TEMP_ROLE_MAX_DAYS }),
      },
      { name: 'remark', label: t('admin.common.remark'), multiline: true },
    ],
    toBody: ({ expires, ...rest }) => ({ ...rest, expires_at: expires }),
  });
  return (
    <ResourcePage
      title={t('page.temprole')}
      resource={tempRoleResource}
      columns={columns}
      initialParams={{ order: 'desc' }}
      filters={[
        { name: 'keyword', label: t('admin.staff.keyword'), kind: 'text' },
        { name: 'role_id', label: t('admin.tempRole.grantedRole'), kind: 'select', options: staffRoles.map((r) => ({ value: r, label: t(roleLabelKey[r]) })) },
        { name: 'state', label: t('admin.common.state'), kind: 'select', options: [{ value: 1, label: t('admin.tempRole.active') }, { value: 0, label: t('admin.tempRole.inactive') }] },
      ]}
      create={{ label: t('admin.tempRole.create'), dialog: grant }}
      deletable
    />
  );
}
