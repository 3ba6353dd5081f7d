import Chip from '@mui/material/Chip';
import {
  ConsultationPeriod,
  Department,
  type OpdRow,
  OpdStatus,
  OutpatientType,
  Resource,
  consultationPeriodLabelKey,
  departmentLabelKey,
  enumValues,
  opdCreate,
  opdRow,
  opdStatusLabelKey,
  opdUpdate,
  outpatientTypeLabelKey,
} from '@vigil/contracts';
import { useTranslation } from 'react-i18next';
import {
  type Column,
  ResourcePage,
  dialog,
  enumOptions,
  orDash,
} from '../../../components/resource/index.ts';
import { useMemberTerm } from '../../../lib/member-term.ts';
import { memberField, useMemberFilter, useMemberOptions } from '../records/member-picker.tsx';
import { todaySeconds } from '../../../components/form/field-time.ts';
import { day } from '../records/cells.tsx';

export function OpdPage() {
  const { t } = useTranslation();
  const { label: memberLabel } = useMemberTerm();
  const members = useMemberOptions();
  const filter = useMemberFilter();
  const fields = [
    { name: 'type' as const, label: t('careRecords.opd.type'), required: true, options: enumOptions(enumValues(OutpatientType), outpatientTypeLabelKey, t) },
    { name: 'visit_date' as const, label: t('careRecords.opd.date'), kind: 'date' as const, required: true },
    { name: 'period' as const, label: t('careRecords.opd.period'), required: true, options: enumOptions(enumValues(ConsultationPeriod), consultationPeriodLabelKey, t) },
    { name: 'department' as const, label: t('careRecords.department'), required: true, options: enumOptions(enumValues(Department), departmentLabelKey, t) },
    { name: 'doctor' as const, label: t('careRecords.doctor'), required: true },
    { name: 'number' as const, label: t('careRecords.opd.number'), type: 'number' as const, min: 1, max: 999 },
    { name: 'status' as const, label: t('careRecords.opd.status'), options: enumOptions(enumValues(OpdStatus), opdStatusLabelKey, t) },
    { name: 'notes' as const, label: t('careRecords.opd.notes'), multiline: true },
  ];
  const columns: Column<OpdRow>[] = [
    { id: 'visit_date', label: t('careRecords.opd.date'), sortable: true, nowrap: true, render: (r) => `${day(r.visit_date)} ${t(consultationPeriodLabelKey[r.period])}` },
    { id: 'member_name', label: memberLabel },
    { id: 'type', label: t('careRecords.opd.type'), render: (r) => <Chip size="small" variant="outlined" color={r.type === OutpatientType.video ? 'info' : 'default'} label={t(outpatientTypeLabelKey[r.type])} /> },
    { id: 'department', label: t('careRecords.department'), render: (r) => t(departmentLabelKey[r.department]) },
    { id: 'doctor', label: t('careRecords.doctor') },
    { id: 'number', label: t('careRecords.opd.number'), render: (r) => orDash(r.number) },
    { id: 'status', label: t('careRecords.opd.status'), sortable: true, render: (r) => t(opdStatusLabelKey[r.status]) },
    { id: 'notes', label: t('careRecords.opd.notes'), render: (r) => orDash(r.notes) },
  ];
  return (
    <ResourcePage
      title={t('page.opd')}
      resource={Resource.opd}
      row={opdRow}
      columns={columns}
      initialParams={{ order: 'desc', order_by: 'visit_date' }}
      filters={[
        { name: 'type', label: t('careRecords.opd.type'), kind: 'select', options: enumOptions(enumValues(OutpatientType), outpatientTypeLabelKey, t) },
        { name: 'state', label: t('careRecords.opd.status'), kind: 'select', options: enumOptions(enumValues(OpdStatus), opdStatusLabelKey, t) },
      ]}
      {...filter}
      create={{
        label: t('careRecords.opd.create'),
        dialog: dialog({
          schema: opdCreate,
          defaultValues: { type: OutpatientType.general, period: ConsultationPeriod.morning, status: OpdStatus.booked, visit_date: todaySeconds() },
          fields: [memberField(memberLabel, members), ...fields],
        }),
      }}
      edit={{
        title: t('careRecords.opd.edit'),
        dialog: (r) =>
          dialog({
            schema: opdUpdate,
            row: r,
            fields,
          }),
      }}
      deletable
    />
  );
}
