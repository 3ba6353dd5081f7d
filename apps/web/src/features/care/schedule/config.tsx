import { useMemo } from 'react';
import {
  type CareScheduleRow,
  CareService,
  Resource,
  ScheduleRepeat,
  Weekday,
  careScheduleCreate,
  careScheduleResource,
  careScheduleUpdate,
  checkScheduleRule,
  localDayStart,
  careServiceLabelKey,
  scheduleRepeatLabelKey,
  weekdayLabelKey,
} from '@vigil/contracts';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { nowSeconds } from '../../../components/form/field-time.ts';
import { dialog } from '../../../components/resource/index.ts';
import { type CareListConfig, useStaffOptions } from '../records/CareRecordList.tsx';
import { TwoLines, choices, keywordFilter, minuteText, notGiven, periodColumn, periodFields } from '../records/cells.tsx';
import { useMemberField } from '../records/member-picker.tsx';

/** A schedule's own rule: a one-off ends the day it starts, and only a weekly one keeps its days. */
const scheduleRule = <V extends { repeat?: ScheduleRepeat; start_date?: number; end_date?: number | null; weekdays?: number[] }>(v: V) => ({
  ...v,
  end_date: v.repeat === ScheduleRepeat.once ? v.start_date : v.end_date,
  weekdays: v.repeat === ScheduleRepeat.weekly ? v.weekdays : [],
});

/** "Daily 09:00", "Weekly Mon, Thu 09:00", "Once 09:00". */
function ruleText(t: TFunction, r: CareScheduleRow): string {
  const days = r.repeat === ScheduleRepeat.weekly ? ` ${r.weekdays.map((d) => t(weekdayLabelKey[d as Weekday])).join(t('care.record.separator'))}` : '';
  return `${t(scheduleRepeatLabelKey[r.repeat])}${days} ${minuteText(r.time_of_day)}`;
}

export function useScheduleConfig(): CareListConfig<CareScheduleRow> {
  const { t } = useTranslation();
  const member = useMemberField();
  const staff = useStaffOptions();
  return useMemo<CareListConfig<CareScheduleRow>>(() => {
    const services = choices(CareService, careServiceLabelKey, t);
    const fields = [
      { name: 'service' as const, label: t('care.record.schedule.service'), required: true, options: services },
      { name: 'title' as const, label: t('care.record.schedule.title'), required: true, helperText: t('care.record.schedule.titleHelp') },
      { name: 'repeat' as const, label: t('care.record.schedule.repeat'), required: true, options: choices(ScheduleRepeat, scheduleRepeatLabelKey, t) },
      {
        name: 'weekdays' as const,
        label: t('care.record.schedule.weekdays'),
        kind: 'multiselect' as const,
        options: choices(Weekday, weekdayLabelKey, t),
        helperText: t('care.record.schedule.weekdaysHelp'),
      },
      ...periodFields(t),
      { name: 'time_of_day' as const, label: t('care.record.schedule.time'), kind: 'time' as const, required: true },
      { name: 'duration_minutes' as const, label: t('care.record.schedule.duration'), type: 'number' as const, min: 5, max: 480, step: 5, required: true },
      { name: 'staff_id' as const, label: t('care.record.schedule.staff'), kind: 'autocomplete' as const, options: staff, helperText: t('care.record.schedule.staffHelp') },
      { name: 'remark' as const, label: t('admin.common.remark'), multiline: true },
    ];
    return {
      page: 'service-schedule',
      resource: careScheduleResource,
      handle: Resource.handleSchedule,
      columns: [
        { id: 'member_name', label: member.label, nowrap: true },
        { id: 'service', label: t('care.record.schedule.service'), render: (r) => <TwoLines main={r.title} sub={t(careServiceLabelKey[r.service])} /> },
        { id: 'time_of_day', nowrap: true, label: t('care.record.schedule.repeat'), sortable: true, render: (r) => ruleText(t, r) },
        periodColumn(t),
        { id: 'duration_minutes', nowrap: true, label: t('care.record.schedule.durationColumn'), render: (r) => t('care.record.minutes', { count: r.duration_minutes }) },
        { id: 'staff_name', nowrap: true, label: t('care.record.schedule.staff'), render: (r) => r.staff_name ?? t('care.record.schedule.anyone') },
      ],
      filters: [keywordFilter(t('care.record.schedule.title')), { name: 'type', label: t('care.record.schedule.service'), kind: 'select', options: services }],
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
          fields: [member, ...fields],
          toBody: scheduleRule,
        }),
      edit: (r) => dialog({ schema: careScheduleUpdate.superRefine(checkScheduleRule), row: r, fields, toBody: scheduleRule }),
    };
  }, [t, member, staff]);
}
