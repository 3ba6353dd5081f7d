import type { TFunction } from 'i18next';
import { type OrgType, type StaffRole, type StaffRow, areaScopedRoles, roleLabelKey, staffCreate, staffPasswordReset, staffUpdate } from '@vigil/contracts';
import { dialog } from '../../../components/resource/index.ts';
import { rolesForOrg } from '../shared/roles.ts';

type Option = { value: number; label: string };
export type StaffDialogContext = { t: TFunction; orgType: OrgType; isGuard: boolean; areas: Option[]; orgId?: number; role?: number };

function roleOptions({ t, orgType, isGuard, role }: StaffDialogContext): Option[] {
  const roles = role === undefined ? rolesForOrg(orgType, isGuard) : [role];
  return roles.map((r) => ({ value: r, label: t(roleLabelKey[r as StaffRole]) }));
}

const areaHelp = (t: TFunction) => t('admin.staff.areaHelp', { roles: [...areaScopedRoles].map((r) => t(roleLabelKey[r])).join(', ') });

/** New account: login rules for account and initial password, roles of the organisation's type only. */
export function staffCreateDialog(ctx: StaffDialogContext) {
  const { t } = ctx;
  return dialog({
    schema: staffCreate,
    defaultValues: { account: '', password: '', name: '', role: ctx.role, phone: '', email: '' },
    fields: [
      { name: 'account', label: t('admin.staff.account'), required: true, autoComplete: 'off' },
      { name: 'password', label: t('admin.staff.initialPassword'), type: 'password', required: true, autoComplete: 'new-password', helperText: t('validation.newPasswordRule') },
      { name: 'name', label: t('admin.staff.name'), required: true },
      { name: 'role', label: t('admin.common.role'), required: true, options: roleOptions(ctx) },
      { name: 'area_id', label: t('admin.common.area'), options: ctx.areas, helperText: areaHelp(t) },
      { name: 'phone', label: t('admin.common.phone'), type: 'tel' },
      { name: 'email', label: t('admin.staff.email'), type: 'email' },
    ],
    toBody: (v) => ({ ...v, ...(ctx.orgId !== undefined && { org_id: ctx.orgId }) }),
  });
}

export function staffEditDialog(ctx: StaffDialogContext, row: StaffRow) {
  const { t } = ctx;
  return dialog({
    schema: staffUpdate,
    defaultValues: { name: row.name, role: row.role, area_id: row.area_id, phone: row.phone ?? '', email: row.email ?? '' },
    fields: [
      { name: 'name', label: t('admin.staff.name'), required: true },
      { name: 'role', label: t('admin.common.role'), required: true, options: roleOptions(ctx) },
      { name: 'area_id', label: t('admin.common.area'), options: ctx.areas, helperText: areaHelp(t) },
      { name: 'phone', label: t('admin.common.phone'), type: 'tel' },
      { name: 'email', label: t('admin.staff.email'), type: 'email' },
    ],
  });
}

export function staffPasswordDialog(t: TFunction) {
  return dialog({
    schema: staffPasswordReset,
    defaultValues: { password: '', confirm_password: '' },
    fields: [
      { name: 'password', label: t('admin.staff.newPassword'), type: 'password', required: true, autoComplete: 'new-password', helperText: t('validation.newPasswordRule') },
      { name: 'confirm_password', label: t('admin.staff.confirmPassword'), type: 'password', required: true, autoComplete: 'new-password' },
    ],
  });
}
