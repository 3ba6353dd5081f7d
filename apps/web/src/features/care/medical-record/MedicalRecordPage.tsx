import { Department, type MedicalRecordRow, Resource, departmentLabelKey, medicalRecordCreate, medicalRecordResource, medicalRecordUpdate } from '@vigil/contracts';
import type { TFunction } from 'i18next';
import { todaySeconds } from '../../../components/form/field-time.ts';
import { dialog, orDash } from '../../../components/resource/index.ts';
import { type CareListConfig, CareRecordList, useBuiltConfig, type CarePageProps } from '../records/CareRecordList.tsx';
import { DueChip, choices, day, keywordFilter, timeColumn } from '../records/cells.tsx';
import { filesView } from '../records/files-action.tsx';
import type { MemberField } from '../records/member-picker.tsx';
import { reportFiles } from '../records/record-files.ts';

function medicalRecordConfig(t: TFunction, member: MemberField): CareListConfig<MedicalRecordRow> {
  const fields = [
    { name: 'diagnosis' as const, label: t('careRecords.medical.diagnosis'), required: true },
    { name: 'icd_code' as const, label: t('careRecords.medical.icd'), helperText: t('careRecords.medical.icdHelp') },
    { name: 'hospital' as const, label: t('careRecords.medical.hospital'), required: true },
    { name: 'department' as const, label: t('careRecords.department'), required: true, options: choices(Department, departmentLabelKey, t) },
    { name: 'doctor' as const, label: t('careRecords.doctor') },
    { name: 'diagnosed_at' as const, label: t('careRecords.medical.diagnosedAt'), kind: 'date' as const, required: true },
    { name: 'ended_at' as const, label: t('careRecords.medical.endedAt'), kind: 'date' as const },
    { name: 'medications' as const, label: t('careRecords.medical.medications'), multiline: true },
    { name: 'remark' as const, label: t('careRecords.remark'), multiline: true },
    { name: 'attachments' as const, label: t('careRecords.medical.attachments'), kind: 'files' as const, files: reportFiles },
  ];
  return {
    page: 'medical-record',
    resource: medicalRecordResource,
    handle: Resource.handleMedicalRecord,
    orderBy: 'diagnosed_at',
    labels: { create: t('careRecords.medical.create'), edit: t('careRecords.medical.edit') },
    columns: [
      timeColumn('diagnosed_at', t('careRecords.medical.diagnosedAt'), day),
      { id: 'member_name', label: member.label },
      { id: 'diagnosis', label: t('careRecords.medical.diagnosis'), render: (r) => (r.icd_code ? `${r.diagnosis} (${r.icd_code})` : r.diagnosis) },
      { id: 'hospital', label: t('careRecords.medical.hospital'), render: (r) => `${r.hospital} · ${t(departmentLabelKey[r.department])}` },
      { id: 'doctor', label: t('careRecords.doctor'), render: (r) => orDash(r.doctor) },
      { id: 'medications', label: t('careRecords.medical.medications'), render: (r) => orDash(r.medications) },
      { id: 'ended_at', label: t('careRecords.medical.endedAt'), render: (r) => (r.ended_at === null ? t('careRecords.medical.current') : day(r.ended_at)) },
      { id: 'state', label: t('careRecords.medical.review'), render: (r) => <DueChip state={r.state} due={t('careRecords.medical.reviewDue')} /> },
    ],
    filters: [keywordFilter(t('careRecords.medical.search'))],
    views: [
      filesView<MedicalRecordRow>(
        t,
        '/file/report',
        (r) => r.attachments,
        (r) => `${r.member_name} ${r.diagnosis}`,
      ),
    ],
    create: (origin) =>
      dialog({
        schema: medicalRecordCreate,
        defaultValues: { member_id: origin.memberId ?? undefined, diagnosed_at: todaySeconds(), ended_at: null, attachments: [] },
        fields: [member, ...fields],
      }),
    edit: (r) => dialog({ schema: medicalRecordUpdate, row: r, fields }),
  };
}

export function MedicalRecordPage({ memberId, title }: CarePageProps = {}) {
  return <CareRecordList config={useBuiltConfig(medicalRecordConfig)} memberId={memberId} title={title} />;
}
