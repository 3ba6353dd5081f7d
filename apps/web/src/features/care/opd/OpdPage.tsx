import Chip from '@mui/material/Chip';
import {
  ConsultationPeriod,
  Department,
  type OpdRow,
  OpdStatus,
  OutpatientType,
  consultationPeriodLabelKey,
  departmentLabelKey,
  opdCreate,
  opdResource,
  opdStatusLabelKey,
  opdUpdate,
  outpatientTypeLabelKey,
} from '@vigil/contracts';
import type { TFunction } from 'i18next';
import { todaySeconds } from '../../../components/form/field-time.ts';
import { dialog, orDash } from '../../../components/resource/index.ts';
import { type CareListConfig, CareRecordList, useBuiltConfig, type CarePageProps } from '../records/CareRecordList.tsx';
import { choices, day } from '../records/cells.tsx';
import type { MemberField } from '../records/member-picker.tsx';

function opdConfig(t: TFunction, member: MemberField): CareListConfig<OpdRow> {
  const types = choices(OutpatientType, outpatientTypeLabelKey, t);
  const statuses = choices(OpdStatus, opdStatusLabelKey, t);
  const fields = [
    { name: 'type' as const, label: t('careRecords.opd.type'), required: true, options: types },
    { name: 'visit_date' as const, label: t('careRecords.opd.date'), kind: 'date' as const, required: true },
    { name: 'period' as const, label: t('careRecords.opd.period'), required: true, options: choices(ConsultationPeriod, consultationPeriodLabelKey, t) },
    { name: 'department' as const, label: t('careRecords.department'), required: true, options: choices(Department, departmentLabelKey, t) },
    { name: 'doctor' as const, label: t('careRecords.doctor'), required: true },
    { name: 'number' as const, label: t('careRecords.opd.number'), type: 'number' as const, min: 1, max: 999 },
    { name: 'status' as const, label: t('careRecords.opd.status'), options: statuses },
    { name: 'notes' as const, label: t('careRecords.opd.notes'), multiline: true },
  ];
  return {
    page: 'opd',
    resource: opdResource,
    orderBy: 'visit_date',
    labels: { create: t('careRecords.opd.create'), edit: t('careRecords.opd.edit') },
    columns: [
      { id: 'visit_date', label: t('careRecords.opd.date'), sortable: true, nowrap: true, render: (r) => `${day(r.visit_date)} ${t(consultationPeriodLabelKey[r.period])}` },
      { id: 'member_name', label: member.label },
      {
        id: 'type',
        label: t('careRecords.opd.type'),
        render: (r) => <Chip size="small" variant="outlined" color={r.type === OutpatientType.video ? 'info' : 'default'} label={t(outpatientTypeLabelKey[r.type])} />,
      },
      { id: 'department', label: t('careRecords.department'), render: (r) => t(departmentLabelKey[r.department]) },
      { id: 'doctor', label: t('careRecords.doctor') },
      { id: 'number', label: t('careRecords.opd.number'), render: (r) => orDash(r.number) },
      { id: 'status', label: t('careRecords.opd.status'), sortable: true, render: (r) => t(opdStatusLabelKey[r.status]) },
      { id: 'notes', label: t('careRecords.opd.notes'), render: (r) => orDash(r.notes) },
    ],
    filters: [
      { name: 'type', label: t('careRecords.opd.type'), kind: 'select', options: types },
      { name: 'state', label: t('careRecords.opd.status'), kind: 'select', options: statuses },
    ],
    create: (origin) =>
      dialog({
        schema: opdCreate,
        defaultValues: {
          member_id: origin.memberId ?? undefined,
          type: OutpatientType.general,
          period: ConsultationPeriod.morning,
          status: OpdStatus.booked,
          visit_date: todaySeconds(),
        },
        fields: [member, ...fields],
      }),
    edit: (r) => dialog({ schema: opdUpdate, row: r, fields }),
  };
}

export function OpdPage({ memberId, title }: CarePageProps = {}) {
  return <CareRecordList config={useBuiltConfig(opdConfig)} memberId={memberId} title={title} />;
}
