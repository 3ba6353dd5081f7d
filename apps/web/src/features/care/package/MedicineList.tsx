import { useMemo } from 'react';
import Chip from '@mui/material/Chip';
import { z } from 'zod';
import {
  ControlledLevel,
  DosageForm,
  MedicationType,
  type MedicineRow,
  Resource,
  controlledLevelLabelKey,
  dosageFormLabelKey,
  enumValues,
  medicationTypeLabelKey,
  medicineCreate,
  medicineRow,
  medicineUpdate,
} from '@vigil/contracts';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { type Column, ResourcePage, dialog, enumOptions, orDash } from '../../../components/resource/index.ts';

/** The catalogue form: empty optional texts are sent as "not given". */
const shape = z.object({
  name: z.string(),
  generic_name: z.string(),
  strength: z.string(),
  form: z.number(),
  unit: z.string(),
  medication_type: z.number(),
  controlled_level: z.number(),
  time_critical: z.boolean(),
  remark: z.string(),
});
type MedicineForm = z.infer<typeof shape>;
const orNull = (v: string) => (v.trim() === '' ? null : v);
const body = (f: MedicineForm) => ({ ...f, generic_name: orNull(f.generic_name), strength: orNull(f.strength), remark: orNull(f.remark) });
const createForm = shape.transform((f) => body(f) as z.input<typeof medicineCreate>).pipe(medicineCreate);
const editForm = shape.transform((f) => body(f) as z.input<typeof medicineUpdate>).pipe(medicineUpdate);

const blank: MedicineForm = {
  name: '',
  generic_name: '',
  strength: '',
  form: DosageForm.tablet,
  unit: '',
  medication_type: MedicationType.western,
  controlled_level: ControlledLevel.none,
  time_critical: false,
  remark: '',
};
const formOf = (r: MedicineRow): MedicineForm => ({
  name: r.name,
  generic_name: r.generic_name ?? '',
  strength: r.strength ?? '',
  form: r.form,
  unit: r.unit,
  medication_type: r.medication_type,
  controlled_level: r.controlled_level,
  time_critical: r.time_critical,
  remark: r.remark ?? '',
});

function fields(t: TFunction) {
  return [
    { name: 'name' as const, label: t('care.medicine.name'), required: true, helperText: t('care.medicine.nameHelp') },
    { name: 'generic_name' as const, label: t('care.medicine.genericName') },
    { name: 'strength' as const, label: t('care.medicine.strength'), helperText: t('care.medicine.strengthHelp') },
    { name: 'form' as const, label: t('care.medicine.form'), required: true, options: enumOptions(enumValues(DosageForm), dosageFormLabelKey, t) },
    { name: 'unit' as const, label: t('care.medicine.unit'), required: true, helperText: t('care.medicine.unitHelp') },
    { name: 'medication_type' as const, label: t('care.record.package.medicationType'), required: true, options: enumOptions(enumValues(MedicationType), medicationTypeLabelKey, t) },
    {
      name: 'controlled_level' as const,
      label: t('care.medicine.controlled'),
      required: true,
      options: enumOptions(enumValues(ControlledLevel), controlledLevelLabelKey, t),
      helperText: t('care.medicine.controlledHelp'),
    },
    { name: 'time_critical' as const, label: t('care.record.package.timeCritical'), kind: 'switch' as const, helperText: t('care.record.package.timeCriticalHelp') },
    { name: 'remark' as const, label: t('admin.common.remark'), multiline: true },
  ];
}

/**
 * The organisation's medicine catalogue (`/medicine`, docs/care.md), a tab of the medication
 * packages page: admins keep it, everyone who records packages picks from it.
 */
export function MedicineList({ tabs }: { tabs: React.ReactNode }) {
  const { t } = useTranslation();
  const columns = useMemo<Column<MedicineRow>[]>(
    () => [
      { id: 'name', label: t('care.medicine.name'), sortable: true, render: (r) => [r.name, r.strength].filter(Boolean).join(' ') },
      { id: 'generic_name', label: t('care.medicine.genericName'), render: (r) => orDash(r.generic_name) },
      { id: 'form', label: t('care.medicine.form'), render: (r) => `${t(dosageFormLabelKey[r.form])} · ${r.unit}` },
      { id: 'medication_type', label: t('care.record.package.medicationType'), render: (r) => t(medicationTypeLabelKey[r.medication_type]) },
      {
        id: 'controlled_level',
        label: t('care.medicine.controlled'),
        render: (r) =>
          r.controlled_level === ControlledLevel.none ? '-' : <Chip size="small" color="warning" variant="outlined" label={t(controlledLevelLabelKey[r.controlled_level])} />,
      },
      { id: 'time_critical', label: t('care.record.package.timeCritical'), render: (r) => (r.time_critical ? t('care.record.package.timeCriticalShort') : '-') },
    ],
    [t],
  );
  return (
    <ResourcePage
      title={t('page.package-record')}
      resource={Resource.medicine}
      row={medicineRow}
      columns={columns}
      subHeader={tabs}
      filters={[
        { name: 'keyword', label: t('care.medicine.keyword'), kind: 'text' },
        { name: 'class', label: t('care.medicine.controlled'), kind: 'select', options: enumOptions(enumValues(ControlledLevel), controlledLevelLabelKey, t) },
      ]}
      create={{ label: t('care.medicine.create'), dialog: dialog({ schema: createForm, defaultValues: blank, fields: fields(t) }) }}
      edit={{ title: t('care.medicine.edit'), dialog: (r) => dialog({ schema: editForm, defaultValues: formOf(r), fields: fields(t) }) }}
      enable={{ field: 'enable' }}
      deletable
    />
  );
}
