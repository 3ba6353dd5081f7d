import type { TFunction } from 'i18next';
import { z } from 'zod';
import { OrgType, type OrgRow, ValidationMessage, optionalPhone, optionalText, orgTypeLabelKey, orgUpdate, textField } from '@vigil/contracts';
import { dialog } from '../shared/form-config.ts';

/**
 * A security company is a care organisation flagged is_guard (docs/data-model.md). The form offers
 * it as a sixth kind beside the five organisation types so one select says what is being created.
 */
export const GUARD_KIND = 100;
const creatableTypes = [OrgType.care, OrgType.pharmacy, OrgType.hospital, OrgType.clinic, OrgType.hotel] as const;

export function orgKindLabel(t: TFunction, row: Pick<OrgRow, 'type' | 'is_guard'>): string {
  return row.is_guard ? t('admin.org.guardCompany') : t(orgTypeLabelKey[row.type]);
}

export function orgKindOptions(t: TFunction) {
  return [
    ...creatableTypes.map((type) => ({ value: type as number, label: t(orgTypeLabelKey[type]) })),
    { value: GUARD_KIND, label: t('admin.org.guardCompany') },
  ];
}

/** orgCreate's fields with the kind select in place of type + is_guard; the server checks orgCreate itself. */
const orgCreateForm = z.object({
  name: textField({ max: 100 }),
  kind: z.number({ error: ValidationMessage.required }),
  phone: optionalPhone,
  address: optionalText(200),
});

export function orgCreateDialog(t: TFunction) {
  return dialog({
    schema: orgCreateForm,
    defaultValues: { name: '', phone: '', address: '' },
    fields: [
      { name: 'name', label: t('admin.org.name'), required: true },
      { name: 'kind', label: t('admin.common.type'), required: true, options: orgKindOptions(t) },
      { name: 'phone', label: t('admin.common.phone'), type: 'tel' },
      { name: 'address', label: t('admin.common.address') },
    ],
    toBody: ({ kind, ...rest }) => ({ ...rest, type: kind === GUARD_KIND ? OrgType.care : kind, is_guard: kind === GUARD_KIND }),
  });
}

export function orgEditDialog(t: TFunction, row: OrgRow) {
  return dialog({
    schema: orgUpdate,
    defaultValues: { name: row.name, phone: row.phone ?? '', address: row.address ?? '' },
    fields: [
      { name: 'name', label: t('admin.org.name'), required: true },
      { name: 'phone', label: t('admin.common.phone'), type: 'tel' },
      { name: 'address', label: t('admin.common.address') },
    ],
  });
}
