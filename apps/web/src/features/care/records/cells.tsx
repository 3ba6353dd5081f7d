import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import NotificationsActiveIcon from '@mui/icons-material/NotificationsActive';
import { CARE_UTC_OFFSET_MINUTES, type CareHandleRow, HandleState, enumValues, handleStateLabelKey } from '@vigil/contracts';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { timeText } from '../../../components/form/field-time.ts';
import { type Column, type FilterSpec, enumOptions } from '../../../components/resource/index.ts';
import { formatDate } from '../../../lib/format.ts';
import { localeStore } from '../../../lib/i18n.ts';

/** What the care record lists show the same way, whatever the kind: cells, columns, filters, handles. */

/** The care home's days and daily times, whatever the browser's zone: its scheduler expands them there. */
export const careZone = { utcOffsetMinutes: CARE_UTC_OFFSET_MINUTES };
export const careDayText = (seconds: number) => timeText('date', seconds, careZone);
export const minuteText = (minutes: number) => timeText('time', minutes);

export const when = (s: number) => formatDate(s, localeStore.get(), 'dateTime');
export const day = (s: number) => formatDate(s, localeStore.get());

/** Select choices of a contracts enumeration, in its order, named by its label keys. */
export const choices = <V extends number>(values: Record<string, V>, labelKey: Record<V, string>, t: TFunction) => enumOptions(enumValues(values), labelKey, t);

/** A 0–10 score (a pain intensity, a reassessment) as choices. */
export const zeroToTen = Array.from({ length: 11 }, (_, v) => ({ value: v, label: String(v) }));

/** A plan's first and last day (a schedule's, a package's), on the care home's calendar. */
export const periodFields = (t: TFunction) => [
  { name: 'start_date' as const, label: t('care.record.startDate'), kind: 'date' as const, ...careZone, required: true },
  { name: 'end_date' as const, label: t('care.record.endDate'), kind: 'date' as const, ...careZone, helperText: t('care.record.endHelp') },
];

/** Optional fields a new record starts without: null, as the server stores "not given". */
export const notGiven = <K extends string>(...names: K[]) => Object.fromEntries(names.map((n) => [n, null])) as Record<K, null>;

export function StateChip({ state }: { state: number }) {
  const { t } = useTranslation();
  const processed = state === HandleState.processed;
  return <Chip size="small" variant="outlined" color={processed ? 'success' : 'default'} label={t(handleStateLabelKey[state as HandleState])} />;
}

/** A record that asks for a follow-up: its state in words once handled, else what is due, marked. */
export function DueChip({ state, due }: { state: HandleState; due: string }) {
  const { t } = useTranslation();
  return state === HandleState.processed ? <>{t(handleStateLabelKey[state])}</> : <Chip size="small" color="warning" label={due} />;
}

/** "a · b" of a cell's parts, without those not given. */
export const joined = (...parts: (string | null | false)[]) => parts.filter(Boolean).join(' · ');

/** A handle as it is read: what was done, its remark if asked for, then who and when. */
export function HandleLines({ handle, remark }: { handle: CareHandleRow; remark?: boolean }) {
  return (
    <Stack spacing={0.25}>
      <Typography variant="body2">{handle.content}</Typography>
      {remark && handle.remark && (
        <Typography variant="body2" color="text.secondary">
          {handle.remark}
        </Typography>
      )}
      <Typography variant="caption" color="text.secondary">
        {`${handle.staff_name} · ${when(handle.handle_time)}`}
      </Typography>
    </Stack>
  );
}

/** A main line and a quieter second line in one cell. */
export function TwoLines({ main, sub }: { main: string; sub: string | null }) {
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

/** A date-time column the list can sort by (a day's, with `show` = `day`). */
export function timeColumn<R>(id: keyof R & string, label: string, show = when): Column<R> {
  return { id, label, sortable: true, nowrap: true, render: (r) => show(r[id] as number) };
}

/** A plan's days, from its first to its last or "ongoing". */
export const periodColumn = <R extends { start_date: number; end_date: number | null }>(t: TFunction): Column<R> => ({
  id: 'start_date',
  label: t('care.record.period'),
  sortable: true,
  nowrap: true,
  render: (r) => t('care.record.fromTo', { from: careDayText(r.start_date), to: r.end_date === null ? t('care.record.ongoing') : careDayText(r.end_date) }),
});

/** Whether the record is handled or still due. */
export const stateColumn = <R extends { state: number }>(t: TFunction): Column<R> => ({
  id: 'state',
  nowrap: true,
  label: t('care.handle.state'),
  render: (r) => <StateChip state={r.state} />,
});

/** The alert the record answers, if it was opened from one (docs/care.md "alert"). */
export const alertColumn = <R extends { abnormal_id: number | null }>(t: TFunction): Column<R> => ({
  id: 'abnormal_id',
  nowrap: true,
  label: t('care.record.alert'),
  render: ({ abnormal_id: id }) =>
    id === null ? '-' : <Chip size="small" variant="outlined" color="warning" icon={<NotificationsActiveIcon aria-hidden />} label={t('care.record.alertNo', { id })} />,
});

export const keywordFilter = (label: string): FilterSpec => ({ name: 'keyword', label, kind: 'text' });

export const stateFilter = (t: TFunction): FilterSpec => ({
  name: 'state',
  label: t('care.handle.state'),
  kind: 'select',
  options: choices(HandleState, handleStateLabelKey, t),
});
