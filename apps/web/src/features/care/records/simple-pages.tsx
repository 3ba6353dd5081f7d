import { useState } from 'react';
import Chip from '@mui/material/Chip';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import {
  Appetite,
  type CareDietRow,
  ConsultationPeriod,
  Department,
  DietTexture,
  EatenPortion,
  HandleState,
  Meal,
  type MedicalRecordRow,
  type OpdRow,
  OpdStatus,
  OutpatientType,
  Resource,
  appetiteLabelKey,
  careDietCreate,
  careDietRow,
  careDietUpdate,
  consultationPeriodLabelKey,
  departmentLabelKey,
  dietTextureLabelKey,
  eatenPortionLabelKey,
  enumValues,
  handleStateLabelKey,
  mealLabelKey,
  medicalRecordCreate,
  medicalRecordRow,
  medicalRecordUpdate,
  opdCreate,
  opdRow,
  opdStatusLabelKey,
  opdUpdate,
  outpatientTypeLabelKey,
} from '@vigil/contracts';
import { useTranslation } from 'react-i18next';
import { type Column, ResourcePage, dialog, enumOptions, orDash } from '../../../components/resource/index.ts';
import { StoredFilesDialog } from '../../../components/file-upload/StoredFiles.tsx';
import { formatDate } from '../../../lib/format.ts';
import type { RecordFileFolder } from '../../../lib/stored-files.ts';
import { localeStore } from '../../../lib/i18n.ts';
import { useMemberTerm } from '../../../lib/member-term.ts';
import { memberField, useMemberFilter, useMemberOptions } from './member-picker.tsx';
import { mealPhotos, reportFiles } from './record-files.ts';
import { nowSeconds, todaySeconds } from '../../../components/form/field-time.ts';
import { CareHandleLink } from '../handle-link.tsx';

const when = (s: number) => formatDate(s, localeStore.get(), 'dateTime');
const day = (s: number) => formatDate(s, localeStore.get());

/** A row's "Files" action and the dialog it opens: the record's files, previewed and downloadable. */
function useFilesAction<R extends { id: number }>(folder: RecordFileFolder, namesOf: (row: R) => string[], titleOf: (row: R) => string) {
  const { t } = useTranslation();
  const [viewing, setViewing] = useState<R | null>(null);
  return {
    action: {
      id: 'files',
      label: (r: R) => t('careRecords.files', { count: namesOf(r).length }),
      icon: <AttachFileIcon fontSize="small" />,
      onClick: setViewing,
      permission: { method: 'GET' as const, route: `${folder}/{id}` },
      disabled: (r: R) => namesOf(r).length === 0,
    },
    dialog: viewing && <StoredFilesDialog folder={folder} names={namesOf(viewing)} recordId={viewing.id} title={titleOf(viewing)} onClose={() => setViewing(null)} />,
  };
}

const StateChip = ({ state, due }: { state: HandleState; due: string }) => {
  const { t } = useTranslation();
  return state === HandleState.processed ? <>{t(handleStateLabelKey[state])}</> : <Chip size="small" color="warning" label={due} />;
};

/* Diet (`diet-manage`). */

export function DietPage() {
  const { t } = useTranslation();
  const { label: memberLabel } = useMemberTerm();
  const members = useMemberOptions();
  const filter = useMemberFilter();
  const files = useFilesAction<CareDietRow>('/file/diet', (r) => r.photos, (r) => `${r.member_name} ${t(mealLabelKey[r.meal])} ${when(r.meal_at)}`);
  const fields = [
    { name: 'meal' as const, label: t('careRecords.diet.meal'), required: true, options: enumOptions(enumValues(Meal), mealLabelKey, t) },
    { name: 'meal_at' as const, label: t('careRecords.diet.mealAt'), kind: 'datetime' as const, required: true },
    { name: 'texture' as const, label: t('careRecords.diet.texture'), required: true, options: enumOptions(enumValues(DietTexture), dietTextureLabelKey, t) },
    { name: 'served' as const, label: t('careRecords.diet.served'), required: true },
    { name: 'eaten' as const, label: t('careRecords.diet.eaten'), required: true, options: enumOptions(enumValues(EatenPortion), eatenPortionLabelKey, t) },
    { name: 'fluid_ml' as const, label: t('careRecords.diet.fluid'), type: 'number' as const, required: true, min: 0, max: 2000, helperText: t('careRecords.diet.fluidHelp') },
    { name: 'appetite' as const, label: t('careRecords.diet.appetite'), required: true, options: enumOptions(enumValues(Appetite), appetiteLabelKey, t) },
    { name: 'remark' as const, label: t('careRecords.remark'), multiline: true },
    { name: 'photos' as const, label: t('careRecords.diet.photos'), kind: 'files' as const, files: mealPhotos },
  ];
  const columns: Column<CareDietRow>[] = [
    { id: 'meal_at', label: t('careRecords.diet.mealAt'), sortable: true, nowrap: true, render: (r) => when(r.meal_at) },
    { id: 'member_name', label: memberLabel },
    { id: 'meal', label: t('careRecords.diet.meal'), sortable: true, render: (r) => t(mealLabelKey[r.meal]) },
    { id: 'served', label: t('careRecords.diet.served') },
    { id: 'eaten', label: t('careRecords.diet.eaten'), sortable: true, render: (r) => t(eatenPortionLabelKey[r.eaten]) },
    { id: 'fluid_ml', label: t('careRecords.diet.fluid'), render: (r) => t('careRecords.diet.ml', { value: r.fluid_ml }) },
    { id: 'appetite', label: t('careRecords.diet.appetite'), render: (r) => t(appetiteLabelKey[r.appetite]) },
    { id: 'state', label: t('careRecords.followUp'), render: (r) => <StateChip state={r.state} due={t('careRecords.diet.followUpDue')} /> },
  ];
  return (
    <>
      <ResourcePage
        title={t('page.diet-manage')}
        resource={Resource.careDiet}
        row={careDietRow}
        columns={columns}
        touches={[Resource.handleDiet]}
        headerActions={<CareHandleLink page="diet-manage" handleResource={Resource.handleDiet} />}
        initialParams={{ order: 'desc', order_by: 'meal_at' }}
        filters={[{ name: 'type', label: t('careRecords.diet.meal'), kind: 'select', options: enumOptions(enumValues(Meal), mealLabelKey, t) }]}
        {...filter}
        rowActions={[files.action]}
        create={{
          label: t('careRecords.diet.create'),
          dialog: dialog({
            schema: careDietCreate,
            defaultValues: { meal_at: nowSeconds(), texture: DietTexture.regular, appetite: Appetite.good, eaten: EatenPortion.all, fluid_ml: 200, photos: [] },
            fields: [memberField(memberLabel, members), ...fields],
          }),
        }}
        edit={{
          title: t('careRecords.diet.edit'),
          dialog: (r) =>
            dialog({
              schema: careDietUpdate,
              row: r,
              fields,
            }),
        }}
        deletable
      />
      {files.dialog}
    </>
  );
}

/* Medical records (`medical-record`). */

export function MedicalRecordPage() {
  const { t } = useTranslation();
  const { label: memberLabel } = useMemberTerm();
  const members = useMemberOptions();
  const filter = useMemberFilter();
  const departments = enumOptions(enumValues(Department), departmentLabelKey, t);
  const files = useFilesAction<MedicalRecordRow>('/file/report', (r) => r.attachments, (r) => `${r.member_name} ${r.diagnosis}`);
  const fields = [
    { name: 'diagnosis' as const, label: t('careRecords.medical.diagnosis'), required: true },
    { name: 'icd_code' as const, label: t('careRecords.medical.icd'), helperText: t('careRecords.medical.icdHelp') },
    { name: 'hospital' as const, label: t('careRecords.medical.hospital'), required: true },
    { name: 'department' as const, label: t('careRecords.department'), required: true, options: departments },
    { name: 'doctor' as const, label: t('careRecords.doctor') },
    { name: 'diagnosed_at' as const, label: t('careRecords.medical.diagnosedAt'), kind: 'date' as const, required: true },
    { name: 'ended_at' as const, label: t('careRecords.medical.endedAt'), kind: 'date' as const },
    { name: 'medications' as const, label: t('careRecords.medical.medications'), multiline: true },
    { name: 'remark' as const, label: t('careRecords.remark'), multiline: true },
    { name: 'attachments' as const, label: t('careRecords.medical.attachments'), kind: 'files' as const, files: reportFiles },
  ];
  const columns: Column<MedicalRecordRow>[] = [
    { id: 'diagnosed_at', label: t('careRecords.medical.diagnosedAt'), sortable: true, nowrap: true, render: (r) => day(r.diagnosed_at) },
    { id: 'member_name', label: memberLabel },
    { id: 'diagnosis', label: t('careRecords.medical.diagnosis'), render: (r) => (r.icd_code ? `${r.diagnosis} (${r.icd_code})` : r.diagnosis) },
    { id: 'hospital', label: t('careRecords.medical.hospital'), render: (r) => `${r.hospital} · ${t(departmentLabelKey[r.department])}` },
    { id: 'doctor', label: t('careRecords.doctor'), render: (r) => orDash(r.doctor) },
    { id: 'medications', label: t('careRecords.medical.medications'), render: (r) => orDash(r.medications) },
    { id: 'ended_at', label: t('careRecords.medical.endedAt'), render: (r) => (r.ended_at === null ? t('careRecords.medical.current') : day(r.ended_at)) },
    { id: 'state', label: t('careRecords.medical.review'), render: (r) => <StateChip state={r.state} due={t('careRecords.medical.reviewDue')} /> },
  ];
  return (
    <>
      <ResourcePage
        title={t('page.medical-record')}
        resource={Resource.medicalRecords}
        row={medicalRecordRow}
        columns={columns}
        touches={[Resource.handleMedicalRecord]}
        headerActions={<CareHandleLink page="medical-record" handleResource={Resource.handleMedicalRecord} />}
        initialParams={{ order: 'desc', order_by: 'diagnosed_at' }}
        filters={[{ name: 'keyword', label: t('careRecords.medical.search'), kind: 'text' }]}
        {...filter}
        rowActions={[files.action]}
        create={{
          label: t('careRecords.medical.create'),
          dialog: dialog({
            schema: medicalRecordCreate,
            defaultValues: { diagnosed_at: todaySeconds(), ended_at: null, attachments: [] },
            fields: [memberField(memberLabel, members), ...fields],
          }),
        }}
        edit={{
          title: t('careRecords.medical.edit'),
          dialog: (r) =>
            dialog({
              schema: medicalRecordUpdate,
              row: r,
              fields,
            }),
        }}
        deletable
      />
      {files.dialog}
    </>
  );
}

/* Outpatient visits (`opd`). */

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
