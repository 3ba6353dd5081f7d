import { useMemo } from 'react';
import PhotoLibraryIcon from '@mui/icons-material/PhotoLibrary';
import {
  type CarePackageRow,
  ControlledLevel,
  MedicationFrequency,
  MedicationRoute,
  MedicationType,
  PrescriptionType,
  Resource,
  Weekday,
  carePackageCreate,
  carePackageResource,
  carePackageUpdate,
  checkRegimen,
  localDayStart,
  medicationFrequencyLabelKey,
  medicationRouteLabelKey,
  medicationTypeLabelKey,
  medicineResource,
  prescriptionTypeLabelKey,
  weekdayLabelKey,
} from '@vigil/contracts';
import { useTranslation } from 'react-i18next';
import { nowSeconds } from '../../../components/form/field-time.ts';
import { dialog, useResourceOptions } from '../../../components/resource/index.ts';
import { usePermission } from '../../../lib/session.ts';
import { type CareListConfig } from '../records/CareRecordList.tsx';
import { TwoLines, choices, joined, keywordFilter, minuteText, notGiven, periodColumn, periodFields } from '../records/cells.tsx';
import { useMemberField } from '../records/member-picker.tsx';
import { PackagePhotosDialog } from './PackagePhotosDialog.tsx';

/** The half-hour times a package's daily times are picked from (a home's medication rounds). */
const dailyTimes = Array.from({ length: 48 }, (_, i) => ({ value: i * 30, label: minuteText(i * 30) }));

export function usePackageConfig(): CareListConfig<CarePackageRow> {
  const { t } = useTranslation();
  const member = useMemberField();
  const medicines = useResourceOptions(medicineResource, { enable: 1 }, usePermission('GET', Resource.medicine));
  const canSeePhotos = usePermission('GET', `${Resource.filePackageMedicine}/{id}`);
  return useMemo<CareListConfig<CarePackageRow>>(() => {
    const medicineOptions = (medicines.data ?? []).map((m) => ({ value: m.id, label: [m.name, m.strength, m.generic_name && `(${m.generic_name})`].filter(Boolean).join(' ') }));
    const medicationTypes = choices(MedicationType, medicationTypeLabelKey, t);
    const prescriptionTypes = choices(PrescriptionType, prescriptionTypeLabelKey, t);
    const fields = [
      {
        name: 'medicine_id' as const,
        label: t('care.record.package.medicine'),
        kind: 'autocomplete' as const,
        required: true,
        options: medicineOptions,
        helperText: t('care.record.package.medicineHelp'),
      },
      { name: 'medication_type' as const, label: t('care.record.package.medicationType'), required: true, options: medicationTypes },
      { name: 'prescription_type' as const, label: t('care.record.package.prescriptionType'), required: true, options: prescriptionTypes },
      {
        name: 'frequency' as const,
        label: t('care.record.package.frequency'),
        kind: 'autocomplete' as const,
        required: true,
        options: choices(MedicationFrequency, medicationFrequencyLabelKey, t),
      },
      {
        name: 'dose' as const,
        label: t('care.record.package.dose'),
        type: 'number' as const,
        min: 0.25,
        max: 100,
        step: 0.25,
        required: true,
        helperText: t('care.record.package.doseHelp'),
      },
      { name: 'route' as const, label: t('care.record.package.route'), required: true, options: choices(MedicationRoute, medicationRouteLabelKey, t) },
      {
        name: 'daily_times' as const,
        label: t('care.record.package.dailyTimes'),
        kind: 'multiselect' as const,
        options: dailyTimes,
        helperText: t('care.record.package.dailyTimesHelp'),
      },
      {
        name: 'weekdays' as const,
        label: t('care.record.schedule.weekdays'),
        kind: 'multiselect' as const,
        options: choices(Weekday, weekdayLabelKey, t),
        helperText: t('care.record.package.weekdaysHelp'),
      },
      ...periodFields(t),
      { name: 'time_critical' as const, label: t('care.record.package.timeCritical'), kind: 'switch' as const, helperText: t('care.record.package.timeCriticalHelp') },
      {
        name: 'prn_min_interval_minutes' as const,
        label: t('care.record.package.prnInterval'),
        type: 'number' as const,
        min: 15,
        max: 2880,
        helperText: t('care.record.package.prnHelp'),
      },
      { name: 'prn_max_per_24h' as const, label: t('care.record.package.prnMax'), type: 'number' as const, min: 1, max: 24 },
      { name: 'prn_indication' as const, label: t('care.record.package.prnIndication') },
      { name: 'pharmacy_name' as const, label: t('care.record.package.pharmacy') },
      { name: 'prescriber' as const, label: t('care.record.package.prescriber') },
      { name: 'hospital' as const, label: t('care.record.follow.hospital') },
      { name: 'remark' as const, label: t('admin.common.remark'), multiline: true },
    ];
    return {
      page: 'package-record',
      resource: carePackageResource,
      handle: Resource.handlePackageMedicine,
      columns: [
        { id: 'member_name', label: member.label, nowrap: true },
        {
          id: 'medicine_name',
          label: t('care.record.package.medicine'),
          render: (r) => (
            <TwoLines
              main={t('care.record.package.doseOf', { name: r.medicine_name, dose: r.dose, unit: r.unit })}
              sub={joined(t(medicationRouteLabelKey[r.route]), r.time_critical && t('care.record.package.timeCriticalShort'))}
            />
          ),
        },
        {
          id: 'frequency',
          label: t('care.record.package.frequency'),
          sortable: true,
          render: (r) => <TwoLines main={t(medicationFrequencyLabelKey[r.frequency])} sub={r.daily_times.map(minuteText).join(t('care.record.separator')) || null} />,
        },
        periodColumn(t),
        {
          id: 'prescription_type',
          label: t('care.record.package.prescriptionType'),
          render: (r) => <TwoLines main={t(prescriptionTypeLabelKey[r.prescription_type])} sub={t(medicationTypeLabelKey[r.medication_type])} />,
        },
        {
          id: 'balance',
          label: t('care.record.package.balance'),
          render: (r) => (r.controlled_level === ControlledLevel.none || r.balance === null ? '-' : t('care.record.package.amount', { amount: r.balance, unit: r.unit })),
        },
      ],
      filters: [
        keywordFilter(t('care.record.package.keyword')),
        { name: 'type', label: t('care.record.package.medicationType'), kind: 'select', options: medicationTypes },
        { name: 'class', label: t('care.record.package.prescriptionType'), kind: 'select', options: prescriptionTypes },
      ],
      enable: { field: 'enable' },
      views: [
        {
          id: 'photos',
          label: t('care.record.package.photos'),
          icon: <PhotoLibraryIcon fontSize="small" />,
          hidden: !canSeePhotos,
          render: (row, onClose) => <PackagePhotosDialog row={row} onClose={onClose} />,
        },
      ],
      create: (origin) =>
        dialog({
          schema: carePackageCreate,
          defaultValues: {
            member_id: origin.memberId ?? undefined,
            medication_type: MedicationType.western,
            prescription_type: PrescriptionType.continuous,
            dose: 1,
            route: MedicationRoute.oral,
            daily_times: [],
            weekdays: [],
            start_date: localDayStart(nowSeconds()),
            time_critical: false,
            ...notGiven('end_date', 'prn_min_interval_minutes', 'prn_max_per_24h', 'prn_indication', 'pharmacy_name', 'prescriber', 'hospital', 'remark'),
          },
          fields: [member, ...fields],
        }),
      edit: (r) => dialog({ schema: carePackageUpdate.superRefine(checkRegimen), row: r, fields }),
    };
  }, [t, member, medicines.data, canSeePhotos]);
}
