import {
  type CareFollowUpRow,
  Department,
  FollowUpCompanion,
  FollowUpTransport,
  Resource,
  careFollowUpCreate,
  careFollowUpResource,
  careFollowUpUpdate,
  departmentLabelKey,
  followUpCompanionLabelKey,
  followUpTransportLabelKey,
} from '@vigil/contracts';
import type { TFunction } from 'i18next';
import { dialog, orDash } from '../../../components/resource/index.ts';
import { type CareListConfig, useBuiltConfig } from '../records/CareRecordList.tsx';
import { recordHandles } from '../records/HandlesDialog.tsx';
import { TwoLines, alertColumn, choices, joined, keywordFilter, notGiven, stateColumn, stateFilter, timeColumn } from '../records/cells.tsx';
import type { MemberField } from '../records/member-picker.tsx';

function followConfig(t: TFunction, member: MemberField): CareListConfig<CareFollowUpRow> {
  const departments = choices(Department, departmentLabelKey, t);
  const fields = [
    { name: 'hospital' as const, label: t('care.record.follow.hospital'), required: true },
    { name: 'department' as const, label: t('care.record.follow.department'), kind: 'autocomplete' as const, required: true, options: departments },
    { name: 'doctor' as const, label: t('care.record.follow.doctor') },
    { name: 'appointment_at' as const, label: t('care.record.follow.appointmentAt'), kind: 'datetime' as const, required: true },
    { name: 'appointment_no' as const, label: t('care.record.follow.appointmentNo') },
    { name: 'reason' as const, label: t('care.record.follow.reason'), required: true, multiline: true },
    { name: 'transport' as const, label: t('care.record.follow.transport'), required: true, options: choices(FollowUpTransport, followUpTransportLabelKey, t) },
    { name: 'companion' as const, label: t('care.record.follow.companion'), required: true, options: choices(FollowUpCompanion, followUpCompanionLabelKey, t) },
    { name: 'companion_name' as const, label: t('care.record.follow.companionName') },
    { name: 'bring_items' as const, label: t('care.record.follow.bringItems'), helperText: t('care.record.follow.bringHelp') },
    { name: 'result' as const, label: t('care.record.follow.result'), multiline: true, helperText: t('care.record.follow.resultHelp') },
    { name: 'next_appointment_at' as const, label: t('care.handle.nextAppointment'), kind: 'datetime' as const },
    { name: 'remark' as const, label: t('admin.common.remark'), multiline: true },
  ];
  return {
    page: 'reconsultation',
    resource: careFollowUpResource,
    handle: Resource.handleFollow,
    views: [
      recordHandles<CareFollowUpRow>(
        t,
        Resource.handleFollow,
        (r) => r.hospital,
        (r) => r.appointment_at,
      ),
    ],
    columns: [
      timeColumn('appointment_at', t('care.record.follow.appointmentAt')),
      { id: 'member_name', label: member.label, nowrap: true },
      { id: 'hospital', label: t('care.record.follow.hospital'), render: (r) => <TwoLines main={r.hospital} sub={joined(t(departmentLabelKey[r.department]), r.doctor)} /> },
      { id: 'reason', label: t('care.record.follow.reason'), render: (r) => <TwoLines main={r.reason} sub={null} /> },
      {
        id: 'transport',
        label: t('care.record.follow.transport'),
        render: (r) => <TwoLines main={t(followUpTransportLabelKey[r.transport])} sub={joined(t(followUpCompanionLabelKey[r.companion]), r.companion_name)} />,
      },
      stateColumn(t),
      { id: 'result', label: t('care.record.follow.result'), render: (r) => <TwoLines main={orDash(r.result)} sub={null} /> },
      alertColumn(t),
    ],
    filters: [keywordFilter(t('care.record.follow.keyword')), { name: 'type', label: t('care.record.follow.department'), kind: 'select', options: departments }, stateFilter(t)],
    create: (origin) =>
      dialog({
        schema: careFollowUpCreate,
        defaultValues: {
          member_id: origin.memberId ?? undefined,
          abnormal_id: origin.abnormalId,
          transport: FollowUpTransport.homeVehicle,
          companion: FollowUpCompanion.staff,
          ...notGiven('doctor', 'appointment_no', 'companion_name', 'bring_items', 'result', 'next_appointment_at', 'remark'),
        },
        fields: [member, ...fields],
      }),
    edit: (r) => dialog({ schema: careFollowUpUpdate, row: r, fields }),
  };
}

export const useFollowConfig = () => useBuiltConfig(followConfig);
