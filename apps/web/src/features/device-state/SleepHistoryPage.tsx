import { useMemo } from 'react';
import Chip from '@mui/material/Chip';
import { type SleepHistoryRow, sleepHistoryResource } from '@vigil/contracts';
import { useTranslation } from 'react-i18next';
import { type Column, ResourcePage, orDash, useAreaOptions } from '../../components/resource/index.ts';
import { formatDate } from '../../lib/format.ts';
import { localeStore } from '../../lib/i18n.ts';
import { useMemberTerm } from '../../lib/member-term.ts';

/**
 * SPEC §2 sleep perception history (`device-sleep-history`): what each room's sleep sensor
 * perceived, newest first: in or out of bed and for how long, with the heart and breathing rates
 * it read. A hotel reads it per room and guest (keyword), per area and by bed status.
 */
export default function SleepHistoryPage() {
  const { t } = useTranslation();
  const { term, label } = useMemberTerm();
  const areas = useAreaOptions();
  const columns = useMemo<Column<SleepHistoryRow>[]>(
    () => [
      { id: 'occur_time', label: t('deviceState.time'), sortable: true, nowrap: true, render: (r) => formatDate(r.occur_time, localeStore.get(), 'dateTime') },
      { id: 'room', label: t('deviceState.room'), nowrap: true, render: (r) => [r.room, r.bed].filter(Boolean).join(' · ') || r.area_name || '-' },
      { id: 'member_name', label, nowrap: true, render: (r) => orDash(r.member_name) },
      {
        id: 'status',
        label: t('deviceState.bedStatus'),
        nowrap: true,
        render: (r) => <Chip size="small" color={r.status === 1 ? 'success' : 'default'} label={t(r.status === 1 ? 'deviceState.inBed' : 'deviceState.outOfBed')} />,
      },
      { id: 'minutes', label: t('deviceState.duration'), nowrap: true, render: (r) => t('deviceState.minutes', { count: r.minutes }) },
      { id: 'heart_rate', label: t('deviceState.heartRate'), nowrap: true, render: (r) => (r.heart_rate === null ? '-' : t('deviceState.bpm', { value: r.heart_rate })) },
      { id: 'breath_rate', label: t('deviceState.breathRate'), nowrap: true, render: (r) => (r.breath_rate === null ? '-' : t('deviceState.perMinute', { value: r.breath_rate })) },
      { id: 'serial', label: t('admin.device.serial'), nowrap: true },
    ],
    [t, label],
  );
  return (
    <ResourcePage
      title={t('page.device-sleep-history')}
      resource={sleepHistoryResource}
      columns={columns}
      initialParams={{ order: 'desc', order_by: 'occur_time' }}
      filters={[
        { name: 'keyword', label: t('deviceState.keyword', { term }), kind: 'text' },
        { name: 'area_id', label: t('admin.common.area'), kind: 'select', options: areas },
        {
          name: 'state',
          label: t('deviceState.bedStatus'),
          kind: 'select',
          options: [
            { value: 1, label: t('deviceState.inBed') },
            { value: 0, label: t('deviceState.outOfBed') },
          ],
        },
      ]}
    />
  );
}
