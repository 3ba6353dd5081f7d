import type { TFunction } from 'i18next';
import { z } from 'zod';
import { OrgType, type OrgRow, ValidationMessage, optionalPhone, optionalText, orgTypeLabelKey, orgUpdate, textField } from '@vigil/contracts';
import { dialog } from '../../../components/resource/index.ts';

/** The operator organisation exists once; every other type may be created. */
const creatableTypes = [OrgType.care, OrgType.pharmacy, OrgType.hospital, OrgType.clinic, OrgType.hotel] as const;

/** A security company is a care organisation flagged is_guard (docs/data-model.md), so lists name it as such. */
export function orgKindLabel(t: TFunction, row: Pick<OrgRow, 'type' | 'is_guard'>): string {
  return row.is_guard ? t('admin.org.guardCompany') : t(orgTypeLabelKey[row.type]);
}

/**
 * orgCreate's fields with the form's own messages: a type must be chosen (not merely valid), and
 * the security-company box says why it is refused for other types. The server checks orgCreate.
 */
const orgCreateForm = z
  .object({
    name: textField({ max: 100 }),
    type: z
      .number({ error: ValidationMessage.required })
      .refine((v) => (creatableTypes as readonly number[]).includes(v), { message: ValidationMessage.invalidOption }),
    is_guard: z.boolean(),
    phone: optionalPhone,
    address: optionalText(200),
  })
  .refine((v) => !v.is_guard || v.type === OrgType.care, { path: ['is_guard'], message: 'admin.org.guardOnlyCare' });

export function orgCreateDialog(t: TFunction) {
  return dialog({
    schema: orgCreateForm,
    defaultValues: { name: '', is_guard: false, phone: '', address: '' },
    fields: [
      { name: 'name', label: t('admin.org.name'), required: true },
      { name: 'type', label: t('admin.common.type'), required: true, options: creatableTypes.map((type) => ({ value: type, label: t(orgTypeLabelKey[type]) })) },
      { name: 'is_guard', label: t('admin.org.guardCompany'), kind: 'checkbox', helperText: t('admin.org.guardHelp') },
      { name: 'phone', label: t('admin.common.phone'), type: 'tel' },
      { name: 'address', label: t('admin.common.address') },
    ],
  });
}

export function orgEditDialog(t: TFunction, row: OrgRow) {
  return dialog({
    schema: orgUpdate,
    defaultValues: { name: row.name, phone: row.phone ?? '', address: row.address ?? '', require_second_factor: row.require_second_factor },
    fields: [
      { name: 'name', label: t('admin.org.name'), required: true },
      { name: 'phone', label: t('admin.common.phone'), type: 'tel' },
      { name: 'address', label: t('admin.common.address') },
      {
        name: 'require_second_factor',
        label: t('secondFactor.orgRequire'),
        kind: 'checkbox',
        helperText: t('secondFactor.orgRequireHelp'),
      },
    ],
  });
}
