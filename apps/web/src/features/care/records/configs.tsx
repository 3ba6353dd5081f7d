import { useMemo } from 'react';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import PhotoLibraryIcon from '@mui/icons-material/PhotoLibrary';
import {
  CARE_UTC_OFFSET_MINUTES,
  type CareFollowUpRow,
  type CareHealthRow,
  type CarePackageRow,
  type CareScheduleRow,
  ControlledLevel,
  CareService,
  Department,
  EducateMethod,
  EducateRecipient,
  EducateType,
  EducateUnderstanding,
  FollowUpCompanion,
  FollowUpTransport,
  HandleState,
  MedicationFrequency,
  MedicationRoute,
  MedicationType,
  PrescriptionType,
  Resource,
  ScheduleRepeat,
  Weekday,
  careFollowUpCreate,
  careFollowUpRow,
  careFollowUpUpdate,
  careHealthCreate,
  careHealthRow,
  careHealthUpdate,
  carePackageCreate,
  carePackageRow,
  carePackageUpdate,
  careScheduleCreate,
  careScheduleRow,
  careScheduleUpdate,
  checkScheduleRule,
  checkRegimen,
  localDayStart,
  careServiceLabelKey,
  departmentLabelKey,
  educateMethodLabelKey,
  educateRecipientLabelKey,
  educateTypeLabelKey,
  educateUnderstandingLabelKey,
  enumValues,
  followUpCompanionLabelKey,
  followUpTransportLabelKey,
  handleStateLabelKey,
  medicationFrequencyLabelKey,
  medicationRouteLabelKey,
  medicationTypeLabelKey,
  medicineRow,
  prescriptionTypeLabelKey,
  scheduleRepeatLabelKey,
  weekdayLabelKey,
} from '@vigil/contracts';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import {
  type Column,
  type FilterSpec,
  dialog,
  enumOptions,
  orDash,
  useResourceOptions,
} from '../../../components/resource/index.ts';
import { formatDate } from '../../../lib/format.ts';
import { localeStore } from '../../../lib/i18n.ts';
import { useMemberTerm } from '../../../lib/member-term.ts';
import { usePermission, useSession } from '../../../lib/session.ts';
import { AlertCell, type CareListConfig, useStaffOptions } from './CareRecordList.tsx';
import { memberField, useMemberOptions } from './member-picker.tsx';
import { HandlesDialog } from './HandlesDialog.tsx';
import { nowSeconds, timeText } from '../../../components/form/field-time.ts';

/** The care home's days and daily times, whatever the browser's zone: its scheduler expands them there. */
const careZone = { utcOffsetMinutes: CARE_UTC_OFFSET_MINUTES };
const careDayText = (seconds: number) => timeText('date', seconds, careZone);
const minuteText = (minutes: number) => timeText('time', minutes);
/** The half-hour times a package's daily times are picked from (a home's medication rounds). */
const dailyTimeChoices = Array.from({ length: 48 }, (_, i) => i * 30);

const when = (s: number) => formatDate(s, localeStore.get(), 'dateTime');

function StateChip({ state }: { state: number }) {
  const { t } = useTranslation();
  const processed = state === HandleState.processed;
  return (
    <Chip
      size="small"
      variant="outlined"
      color={processed ? 'success' : 'default'}
      label={t(handleStateLabelKey[state as HandleState])}
    />
  );
}

/** A main line and a quieter second line in one cell. */
function TwoLines({ main, sub }: { main: string; sub: string | null }) {
  return (
    // Wide enough that a narrow screen scrolls the table rather than stacking one character per line.
    <Stack spacing={0.25} sx={{ minWidth: '8rem' }}>
      <Typography variant="body2">{main}</Typography>
      {sub && (
        <Typography variant="caption" color="text.secondary">
          {sub}
        </Typography>
      )}
    </Stack>
  );
}

const stateFilter = (t: TFunction): FilterSpec => ({
  name: 'state',
  label: t('care.handle.state'),
  kind: 'select',
  options: enumOptions(enumValues(HandleState), handleStateLabelKey, t),
});
/** Optional fields a new record starts without: null, as the server stores "not given". */
const notGiven = <K extends string>(...names: K[]) => Object.fromEntries(names.map((n) => [n, null])) as Record<K, null>;

/** A schedule's own rule: a one-off ends the day it starts, and only a weekly one keeps its days. */
const scheduleRule = <V extends { repeat?: ScheduleRepeat; start_date?: number; end_date?: number | null; weekdays?: number[] }>(v: V) => ({
  ...v,
  end_date: v.repeat === ScheduleRepeat.once ? v.start_date : v.end_date,
  weekdays: v.repeat === ScheduleRepeat.weekly ? v.weekdays : [],
});

const keywordFilter = (t: TFunction, label: string): FilterSpec => ({ name: 'keyword', label, kind: 'text' });


// ---------------------------------------------------------------- health education

export function useHealthConfig(): CareListConfig<CareHealthRow> {
  const { t } = useTranslation();
  const { label: memberLabel } = useMemberTerm();
  const members = useMemberOptions();
  const staff = useStaffOptions();
  const me = useSession().user?.id ?? null;
  return useMemo(() => {
    const fields = [
      {
        name: 'type' as const,
        label: t('care.record.health.type'),
        required: true,
        options: enumOptions(enumValues(EducateType), educateTypeLabelKey, t),
      },
      {
        name: 'educate_at' as const,
        label: t('care.record.health.educateAt'),
        kind: 'datetime' as const,
        required: true,
      },
      {
        name: 'topic' as const,
        label: t('care.record.health.topic'),
        required: true,
        helperText: t('care.record.health.topicHelp'),
      },
      { name: 'content' as const, label: t('care.record.health.content'), required: true, multiline: true },
      {
        name: 'recipient' as const,
        label: t('care.record.health.recipient'),
        required: true,
        options: enumOptions(enumValues(EducateRecipient), educateRecipientLabelKey, t),
      },
      {
        name: 'method' as const,
        label: t('care.record.health.method'),
        required: true,
        options: enumOptions(enumValues(EducateMethod), educateMethodLabelKey, t),
      },
      {
        name: 'understanding' as const,
        label: t('care.record.health.understanding'),
        required: true,
        options: enumOptions(enumValues(EducateUnderstanding), educateUnderstandingLabelKey, t),
      },
      {
        name: 'educator_id' as const,
        label: t('care.record.health.educator'),
        kind: 'autocomplete' as const,
        required: true,
        options: staff,
      },
      {
        name: 'review_at' as const,
        label: t('care.record.health.reviewAt'),
        kind: 'datetime' as const,
        helperText: t('care.record.health.reviewHelp'),
      },
      { name: 'remark' as const, label: t('admin.common.remark'), multiline: true },
    ];
    return {
      page: 'educate',
      resource: Resource.careHealth,
      row: careHealthRow,
      touches: [Resource.handleHealth],
      handles: {
        permission: Resource.handleHealth,
        render: (r, onClose) => (
          <HandlesDialog
            title={t('care.record.handlesOf', { name: r.member_name, title: r.topic })}
            path={`${Resource.handleHealth}/${r.id}`}
            due={r.review_at}
            state={r.state}
            onClose={onClose}
          />
        ),
      },
      columns: [
        {
          id: 'educate_at',
          label: t('care.record.health.educateAt'),
          sortable: true,
          nowrap: true,
          render: (r) => when(r.educate_at),
        },
        { id: 'member_name', label: memberLabel, nowrap: true },
        {
          id: 'topic',
          label: t('care.record.health.topic'),
          render: (r) => <TwoLines main={r.topic} sub={t(educateTypeLabelKey[r.type])} />,
        },
        {
          id: 'recipient',
          label: t('care.record.health.recipient'),
          render: (r) => (
            <TwoLines
              main={t(educateRecipientLabelKey[r.recipient])}
              sub={t(educateMethodLabelKey[r.method])}
            />
          ),
        },
        {
          id: 'understanding',
          nowrap: true,
          label: t('care.record.health.understanding'),
          render: (r) => t(educateUnderstandingLabelKey[r.understanding]),
        },
        { id: 'educator_name', nowrap: true, label: t('care.record.health.educator') },
        {
          id: 'review_at',
          label: t('care.record.health.reviewAt'),
          sortable: true,
          nowrap: true,
          render: (r) => when(r.review_at),
        },
        {
          id: 'state',
          nowrap: true,
          label: t('care.handle.state'),
          render: (r) => <StateChip state={r.state} />,
        },
        {
          id: 'abnormal_id',
          nowrap: true,
          label: t('care.record.alert'),
          render: (r) => <AlertCell id={r.abnormal_id} />,
        },
      ] satisfies Column<CareHealthRow>[],
      filters: [
        keywordFilter(t, t('care.record.health.topic')),
        {
          name: 'type',
          label: t('care.record.health.type'),
          kind: 'select',
          options: enumOptions(enumValues(EducateType), educateTypeLabelKey, t),
        },
        stateFilter(t),
      ],
      create: (origin) =>
        dialog({
          schema: careHealthCreate,
          defaultValues: {
            member_id: origin.memberId ?? undefined,
            abnormal_id: origin.abnormalId,
            type: EducateType.physiological,
            educate_at: nowSeconds(),
            recipient: EducateRecipient.member,
            method: EducateMethod.verbal,
            understanding: EducateUnderstanding.understood,
            educator_id: me ?? undefined,
            remark: null,
          },
          fields: [memberField(memberLabel, members), ...fields],
        }),
      edit: (r) => dialog({ schema: careHealthUpdate, row: r, fields }),
    };
  }, [t, memberLabel, members, staff, me]);
}

// ---------------------------------------------------------------- follow-up visits

export function useFollowConfig(): CareListConfig<CareFollowUpRow> {
  const { t } = useTranslation();
  const { label: memberLabel } = useMemberTerm();
  const members = useMemberOptions();
  return useMemo(() => {
    const departments = enumOptions(enumValues(Department), departmentLabelKey, t);
    const fields = [
      { name: 'hospital' as const, label: t('care.record.follow.hospital'), required: true },
      {
        name: 'department' as const,
        label: t('care.record.follow.department'),
        kind: 'autocomplete' as const,
        required: true,
        options: departments,
      },
      { name: 'doctor' as const, label: t('care.record.follow.doctor') },
      {
        name: 'appointment_at' as const,
        label: t('care.record.follow.appointmentAt'),
        kind: 'datetime' as const,
        required: true,
      },
      { name: 'appointment_no' as const, label: t('care.record.follow.appointmentNo') },
      { name: 'reason' as const, label: t('care.record.follow.reason'), required: true, multiline: true },
      {
        name: 'transport' as const,
        label: t('care.record.follow.transport'),
        required: true,
        options: enumOptions(enumValues(FollowUpTransport), followUpTransportLabelKey, t),
      },
      {
        name: 'companion' as const,
        label: t('care.record.follow.companion'),
        required: true,
        options: enumOptions(enumValues(FollowUpCompanion), followUpCompanionLabelKey, t),
      },
      { name: 'companion_name' as const, label: t('care.record.follow.companionName') },
      {
        name: 'bring_items' as const,
        label: t('care.record.follow.bringItems'),
        helperText: t('care.record.follow.bringHelp'),
      },
      {
        name: 'result' as const,
        label: t('care.record.follow.result'),
        multiline: true,
        helperText: t('care.record.follow.resultHelp'),
      },
      {
        name: 'next_appointment_at' as const,
        label: t('care.handle.nextAppointment'),
        kind: 'datetime' as const,
      },
      { name: 'remark' as const, label: t('admin.common.remark'), multiline: true },
    ];
    return {
      page: 'reconsultation',
      resource: Resource.careFollowUp,
      row: careFollowUpRow,
      touches: [Resource.handleFollow],
      handles: {
        permission: Resource.handleFollow,
        render: (r, onClose) => (
          <HandlesDialog
            title={t('care.record.handlesOf', { name: r.member_name, title: r.hospital })}
            path={`${Resource.handleFollow}/${r.id}`}
            due={r.appointment_at}
            state={r.state}
            onClose={onClose}
          />
        ),
      },
      columns: [
        {
          id: 'appointment_at',
          label: t('care.record.follow.appointmentAt'),
          sortable: true,
          nowrap: true,
          render: (r) => when(r.appointment_at),
        },
        { id: 'member_name', label: memberLabel, nowrap: true },
        {
          id: 'hospital',
          label: t('care.record.follow.hospital'),
          render: (r) => (
            <TwoLines
              main={r.hospital}
              sub={[t(departmentLabelKey[r.department]), r.doctor].filter(Boolean).join(' · ')}
            />
          ),
        },
        {
          id: 'reason',
          label: t('care.record.follow.reason'),
          render: (r) => <TwoLines main={r.reason} sub={null} />,
        },
        {
          id: 'transport',
          label: t('care.record.follow.transport'),
          render: (r) => (
            <TwoLines
              main={t(followUpTransportLabelKey[r.transport])}
              sub={[t(followUpCompanionLabelKey[r.companion]), r.companion_name].filter(Boolean).join(' · ')}
            />
          ),
        },
        {
          id: 'state',
          nowrap: true,
          label: t('care.handle.state'),
          render: (r) => <StateChip state={r.state} />,
        },
        {
          id: 'result',
          label: t('care.record.follow.result'),
          render: (r) => <TwoLines main={orDash(r.result)} sub={null} />,
        },
        {
          id: 'abnormal_id',
          nowrap: true,
          label: t('care.record.alert'),
          render: (r) => <AlertCell id={r.abnormal_id} />,
        },
      ] satisfies Column<CareFollowUpRow>[],
      filters: [
        keywordFilter(t, t('care.record.follow.keyword')),
        { name: 'type', label: t('care.record.follow.department'), kind: 'select', options: departments },
        stateFilter(t),
      ],
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
          fields: [memberField(memberLabel, members), ...fields],
        }),
      edit: (r) => dialog({ schema: careFollowUpUpdate, row: r, fields }),
    };
  }, [t, memberLabel, members]);
}

// ---------------------------------------------------------------- service schedules

/** "Daily 09:00", "Weekly Mon, Thu 09:00", "Once 09:00". */
function ruleText(t: TFunction, r: CareScheduleRow): string {
  const days =
    r.repeat === ScheduleRepeat.weekly
      ? ` ${r.weekdays.map((d) => t(weekdayLabelKey[d as Weekday])).join(t('care.record.separator'))}`
      : '';
  return `${t(scheduleRepeatLabelKey[r.repeat])}${days} ${minuteText(r.time_of_day)}`;
}

export function useScheduleConfig(): CareListConfig<CareScheduleRow> {
  const { t } = useTranslation();
  const { label: memberLabel } = useMemberTerm();
  const members = useMemberOptions();
  const staff = useStaffOptions();
  return useMemo(() => {
    const fields = [
      {
        name: 'service' as const,
        label: t('care.record.schedule.service'),
        required: true,
        options: enumOptions(enumValues(CareService), careServiceLabelKey, t),
      },
      {
        name: 'title' as const,
        label: t('care.record.schedule.title'),
        required: true,
        helperText: t('care.record.schedule.titleHelp'),
      },
      {
        name: 'repeat' as const,
        label: t('care.record.schedule.repeat'),
        required: true,
        options: enumOptions(enumValues(ScheduleRepeat), scheduleRepeatLabelKey, t),
      },
      {
        name: 'weekdays' as const,
        label: t('care.record.schedule.weekdays'),
        kind: 'multiselect' as const,
        options: enumOptions(enumValues(Weekday), weekdayLabelKey, t),
        helperText: t('care.record.schedule.weekdaysHelp'),
      },
      {
        name: 'start_date' as const,
        label: t('care.record.startDate'),
        kind: 'date' as const,
        ...careZone,
        required: true,
      },
      {
        name: 'end_date' as const,
        label: t('care.record.endDate'),
        kind: 'date' as const,
        ...careZone,
        helperText: t('care.record.endHelp'),
      },
      {
        name: 'time_of_day' as const,
        label: t('care.record.schedule.time'),
        kind: 'time' as const,
        required: true,
      },
      {
        name: 'duration_minutes' as const,
        label: t('care.record.schedule.duration'),
        type: 'number' as const,
        min: 5,
        max: 480,
        step: 5,
        required: true,
      },
      {
        name: 'staff_id' as const,
        label: t('care.record.schedule.staff'),
        kind: 'autocomplete' as const,
        options: staff,
        helperText: t('care.record.schedule.staffHelp'),
      },
      { name: 'remark' as const, label: t('admin.common.remark'), multiline: true },
    ];
    return {
      page: 'service-schedule',
      resource: Resource.careSchedule,
      row: careScheduleRow,
      touches: [Resource.handleSchedule],
      columns: [
        { id: 'member_name', label: memberLabel, nowrap: true },
        {
          id: 'service',
          label: t('care.record.schedule.service'),
          render: (r) => <TwoLines main={r.title} sub={t(careServiceLabelKey[r.service])} />,
        },
        {
          id: 'time_of_day',
          nowrap: true,
          label: t('care.record.schedule.repeat'),
          sortable: true,
          render: (r) => ruleText(t, r),
        },
        {
          id: 'start_date',
          label: t('care.record.period'),
          sortable: true,
          nowrap: true,
          render: (r) =>
            t('care.record.fromTo', {
              from: careDayText(r.start_date),
              to: r.end_date === null ? t('care.record.ongoing') : careDayText(r.end_date),
            }),
        },
        {
          id: 'duration_minutes',
          nowrap: true,
          label: t('care.record.schedule.durationColumn'),
          render: (r) => t('care.record.minutes', { count: r.duration_minutes }),
        },
        {
          id: 'staff_name',
          nowrap: true,
          label: t('care.record.schedule.staff'),
          render: (r) => r.staff_name ?? t('care.record.schedule.anyone'),
        },
      ] satisfies Column<CareScheduleRow>[],
      filters: [
        keywordFilter(t, t('care.record.schedule.title')),
        {
          name: 'type',
          label: t('care.record.schedule.service'),
          kind: 'select',
          options: enumOptions(enumValues(CareService), careServiceLabelKey, t),
        },
      ],
      enable: { field: 'enable' },
      create: (origin) =>
        dialog({
          schema: careScheduleCreate,
          defaultValues: {
            member_id: origin.memberId ?? undefined,
            service: CareService.bathing,
            start_date: localDayStart(nowSeconds()),
            time_of_day: 9 * 60,
            duration_minutes: 30,
            repeat: ScheduleRepeat.daily,
            weekdays: [],
            ...notGiven('end_date', 'staff_id', 'remark'),
          },
          fields: [memberField(memberLabel, members), ...fields],
          toBody: scheduleRule,
        }),
      edit: (r) => dialog({ schema: careScheduleUpdate.superRefine(checkScheduleRule), row: r, fields, toBody: scheduleRule }),
    };
  }, [t, memberLabel, members, staff]);
}

// ---------------------------------------------------------------- medication packages

/** `onPhotos` opens a package's photos (stable: a state setter), which the page shows in its own dialog. */
export function usePackageConfig(onPhotos: (row: CarePackageRow) => void): CareListConfig<CarePackageRow> {
  const { t } = useTranslation();
  const { label: memberLabel } = useMemberTerm();
  const members = useMemberOptions();
  const medicines = useResourceOptions(
    Resource.medicine,
    medicineRow,
    { enable: 1 },
    usePermission('GET', Resource.medicine),
  );
  const canSeePhotos = usePermission('GET', `${Resource.filePackageMedicine}/{id}`);
  return useMemo<CareListConfig<CarePackageRow>>(() => {
    const medicineOptions = (medicines.data ?? []).map((m) => ({
      value: m.id,
      label: [m.name, m.strength, m.generic_name && `(${m.generic_name})`].filter(Boolean).join(' '),
    }));
    const times = dailyTimeChoices.map((m) => ({ value: m, label: minuteText(m) }));
    const fields = [
      {
        name: 'medicine_id' as const,
        label: t('care.record.package.medicine'),
        kind: 'autocomplete' as const,
        required: true,
        options: medicineOptions,
        helperText: t('care.record.package.medicineHelp'),
      },
      {
        name: 'medication_type' as const,
        label: t('care.record.package.medicationType'),
        required: true,
        options: enumOptions(enumValues(MedicationType), medicationTypeLabelKey, t),
      },
      {
        name: 'prescription_type' as const,
        label: t('care.record.package.prescriptionType'),
        required: true,
        options: enumOptions(enumValues(PrescriptionType), prescriptionTypeLabelKey, t),
      },
      {
        name: 'frequency' as const,
        label: t('care.record.package.frequency'),
        kind: 'autocomplete' as const,
        required: true,
        options: enumOptions(enumValues(MedicationFrequency), medicationFrequencyLabelKey, t),
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
      {
        name: 'route' as const,
        label: t('care.record.package.route'),
        required: true,
        options: enumOptions(enumValues(MedicationRoute), medicationRouteLabelKey, t),
      },
      {
        name: 'daily_times' as const,
        label: t('care.record.package.dailyTimes'),
        kind: 'multiselect' as const,
        options: times,
        helperText: t('care.record.package.dailyTimesHelp'),
      },
      {
        name: 'weekdays' as const,
        label: t('care.record.schedule.weekdays'),
        kind: 'multiselect' as const,
        options: enumOptions(enumValues(Weekday), weekdayLabelKey, t),
        helperText: t('care.record.package.weekdaysHelp'),
      },
      {
        name: 'start_date' as const,
        label: t('care.record.startDate'),
        kind: 'date' as const,
        ...careZone,
        required: true,
      },
      {
        name: 'end_date' as const,
        label: t('care.record.endDate'),
        kind: 'date' as const,
        ...careZone,
        helperText: t('care.record.endHelp'),
      },
      {
        name: 'time_critical' as const,
        label: t('care.record.package.timeCritical'),
        kind: 'switch' as const,
        helperText: t('care.record.package.timeCriticalHelp'),
      },
      {
        name: 'prn_min_interval_minutes' as const,
        label: t('care.record.package.prnInterval'),
        type: 'number' as const,
        min: 15,
        max: 2880,
        helperText: t('care.record.package.prnHelp'),
      },
      {
        name: 'prn_max_per_24h' as const,
        label: t('care.record.package.prnMax'),
        type: 'number' as const,
        min: 1,
        max: 24,
      },
      { name: 'prn_indication' as const, label: t('care.record.package.prnIndication') },
      { name: 'pharmacy_name' as const, label: t('care.record.package.pharmacy') },
      { name: 'prescriber' as const, label: t('care.record.package.prescriber') },
      { name: 'hospital' as const, label: t('care.record.follow.hospital') },
      { name: 'remark' as const, label: t('admin.common.remark'), multiline: true },
    ];
    return {
      page: 'package-record',
      resource: Resource.carePackage,
      row: carePackageRow,
      touches: [Resource.handlePackageMedicine],
      columns: [
        { id: 'member_name', label: memberLabel, nowrap: true },
        {
          id: 'medicine_name',
          label: t('care.record.package.medicine'),
          render: (r) => (
            <TwoLines
              main={t('care.record.package.doseOf', { name: r.medicine_name, dose: r.dose, unit: r.unit })}
              sub={[
                t(medicationRouteLabelKey[r.route]),
                r.time_critical ? t('care.record.package.timeCriticalShort') : null,
              ]
                .filter(Boolean)
                .join(' · ')}
            />
          ),
        },
        {
          id: 'frequency',
          label: t('care.record.package.frequency'),
          sortable: true,
          render: (r) => (
            <TwoLines
              main={t(medicationFrequencyLabelKey[r.frequency])}
              sub={r.daily_times.map(minuteText).join(t('care.record.separator')) || null}
            />
          ),
        },
        {
          id: 'start_date',
          label: t('care.record.period'),
          sortable: true,
          nowrap: true,
          render: (r) =>
            t('care.record.fromTo', {
              from: careDayText(r.start_date),
              to: r.end_date === null ? t('care.record.ongoing') : careDayText(r.end_date),
            }),
        },
        {
          id: 'prescription_type',
          label: t('care.record.package.prescriptionType'),
          render: (r) => (
            <TwoLines
              main={t(prescriptionTypeLabelKey[r.prescription_type])}
              sub={t(medicationTypeLabelKey[r.medication_type])}
            />
          ),
        },
        {
          id: 'balance',
          label: t('care.record.package.balance'),
          render: (r) =>
            r.controlled_level === ControlledLevel.none || r.balance === null
              ? '-'
              : t('care.record.package.amount', { amount: r.balance, unit: r.unit }),
        },
      ],
      filters: [
        keywordFilter(t, t('care.record.package.keyword')),
        {
          name: 'type',
          label: t('care.record.package.medicationType'),
          kind: 'select',
          options: enumOptions(enumValues(MedicationType), medicationTypeLabelKey, t),
        },
        {
          name: 'class',
          label: t('care.record.package.prescriptionType'),
          kind: 'select',
          options: enumOptions(enumValues(PrescriptionType), prescriptionTypeLabelKey, t),
        },
      ],
      enable: { field: 'enable' },
      rowActions: canSeePhotos
        ? [
            {
              id: 'photos',
              nowrap: true,
              label: t('care.record.package.photos'),
              icon: <PhotoLibraryIcon fontSize="small" />,
              onClick: onPhotos,
            },
          ]
        : [],
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
          fields: [memberField(memberLabel, members), ...fields],
        }),
      edit: (r) => dialog({ schema: carePackageUpdate.superRefine(checkRegimen), row: r, fields }),
    };
  }, [t, memberLabel, members, medicines.data, canSeePhotos, onPhotos]);
}
