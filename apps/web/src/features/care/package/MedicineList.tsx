import { useMemo } from 'react';
import Chip from '@mui/material/Chip';
import {
  ControlledLevel,
  DosageForm,
  MedicationType,
  type MedicineRow,
  controlledLevelLabelKey,
  dosageFormLabelKey,
  medicationTypeLabelKey,
  medicineCreate,
  medicineResource,
  medicineUpdate,
} from '@vigil/contracts';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { type Column, ResourcePage, dialog, orDash } from '../../../components/resource/index.ts';
import { choices, notGiven } from '../records/cells.tsx';

/** A new medicine: a tablet of western medicine, neither controlled nor time-critical; its optional texts not given. */
const newMedicine = {
  form: DosageForm.tablet,
  medication_type: MedicationType.western,
  controlled_level: ControlledLevel.none,
  time_critical: false,
  ...notGiven('generic_name', 'strength', 'remark'),
};

function fields(t: TFunction) {
  return [
    { name: 'name' as const, label: t('care.medicine.name'), required: true, helperText: t('care.medicine.nameHelp') },
    { name: 'generic_name' as const, label: t('care.medicine.genericName') },
    { name: 'strength' as const, label: t('care.medicine.strength'), helperText: t('care.medicine.strengthHelp') },
    { name: 'form' as const, label: t('care.medicine.form'), required: true, options: choices(DosageForm, dosageFormLabelKey, t) },
    { name: 'unit' as const, label: t('care.medicine.unit'), required: true, helperText: t('care.medicine.unitHelp') },
    { name: 'medication_type' as const, label: t('care.record.package.medicationType'), required: true, options: choices(MedicationType, medicationTypeLabelKey, t) },
    {
      name: 'controlled_level' as const,
      label: t('care.medicine.controlled'),
      required: true,
      options: choices(ControlledLevel, controlledLevelLabelKey, t),
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
      resource={medicineResource}
      columns={columns}
      subHeader={tabs}
      filters={[
        { name: 'keyword', label: t('care.medicine.keyword'), kind: 'text' },
        { name: 'class', label: t('care.medicine.controlled'), kind: 'select', options: choices(ControlledLevel, controlledLevelLabelKey, t) },
      ]}
      create={{ label: t('care.medicine.create'), dialog: dialog({ schema: medicineCreate, defaultValues: newMedicine, fields: fields(t) }) }}
      edit={{ title: t('care.medicine.edit'), dialog: (r) => dialog({ schema: medicineUpdate, row: r, fields: fields(t) }) }}
      enable={{ field: 'enable' }}
      deletable
    />
  );
}
