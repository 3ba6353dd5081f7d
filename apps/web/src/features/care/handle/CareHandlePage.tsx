import { type ReactElement, Suspense, lazy, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import AlarmIcon from '@mui/icons-material/Alarm';
import BlockIcon from '@mui/icons-material/Block';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutline';
import MedicationIcon from '@mui/icons-material/Medication';
import MonitorHeartIcon from '@mui/icons-material/MonitorHeart';
import TaskAltIcon from '@mui/icons-material/TaskAlt';
import dayjs from 'dayjs';
import {
  type CareDueRow,
  type CareHandleKind,
  type EcgStatus,
  HandleState,
  Resource,
  UNSET,
  careDueResource,
  ecgStatusLabelKey,
  enumValues,
  handleStateLabelKey,
} from '@vigil/contracts';
import { useTranslation } from 'react-i18next';
import { PermissionButton } from '../../../components/PermissionButton.tsx';
import { timeValue } from '../../../components/form/field-time.ts';
import { type Column, type CustomRowAction, ResourcePage, orDash, useAreaOptions } from '../../../components/resource/index.ts';
import { useMemberTerm } from '../../../lib/member-term.ts';
import { usePermission } from '../../../lib/session.ts';
import { HandleLines, StateChip, when } from '../records/cells.tsx';
import { MemberPicker } from '../records/member-picker.tsx';
import { type HandleAction, HandleDialog, PrnDoseDialog, handlePath } from './handle-dialogs.tsx';

// The ECG trace (charts) loads only when a reading's trace is asked for.
const EcgWaveformDialog = lazy(() => import('../../vitals/index.ts').then((m) => ({ default: m.EcgWaveformDialog })));

/** A picked day's first or last second, in the browser's zone; absent when no day is picked. */
const dayBound = (text: string, edge: 'start' | 'end') => {
  const start = timeValue('date', text);
  return start === null ? undefined : edge === 'start' ? start : dayjs.unix(start).endOf('day').unix();
};

/** A day the due list starts or ends at, as the browser's date input holds it. */
function DayField({ label, value, onChange, min, max }: { label: string; value: string; onChange: (day: string) => void; min?: string; max?: string }) {
  return (
    <TextField
      type="date"
      size="small"
      label={label}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: min || undefined, max: max || undefined } }}
      sx={(theme) => ({ '& input': { colorScheme: theme.palette.mode } })}
    />
  );
}

/** A due item's state in words and colour; a late dose adds its own mark, so colour is never the only sign. */
function StateCell({ row }: { row: CareDueRow }) {
  const { t } = useTranslation();
  return (
    <Stack direction="row" spacing={0.75} sx={{ flexWrap: 'wrap', rowGap: 0.5 }}>
      <StateChip state={row.state} />
      {row.late && <Chip size="small" color="error" icon={<AlarmIcon aria-hidden />} label={t('care.handle.late')} />}
    </Stack>
  );
}

/**
 * SPEC §2 `educate/handle`, `reconsultation/handle`, `service-schedule/handle` and
 * `package-record/handle`: what is due of one kind across the members in scope, oldest first,
 * by area, member, due date and state, each item handled in a dialog built for its kind
 * (docs/care.md "The shared handle shape").
 */
export default function CareHandlePage({ kind }: { kind: CareHandleKind }) {
  const { t } = useTranslation();
  const { label: memberLabel } = useMemberTerm();
  const [search] = useSearchParams();
  const fromUrl = Number(search.get('user_id'));
  const [memberId, setMemberId] = useState<number | null>(Number.isInteger(fromUrl) && fromUrl > 0 ? fromUrl : null);
  const [state, setState] = useState<number>(HandleState.notProcessed);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [opened, setOpened] = useState<{ row: CareDueRow; action: HandleAction } | null>(null);
  const [prn, setPrn] = useState(false);
  const [trace, setTrace] = useState<number | null>(null);
  // A role may reach a care page without the member or area lists (their pickers then stay away).
  const canListMembers = usePermission('GET', Resource.user);
  const areas = useAreaOptions(undefined, usePermission('GET', Resource.area));
  const path = handlePath(kind);

  const extraQuery = useMemo(
    () => ({ user_id: memberId ?? undefined, state: state === UNSET ? undefined : state, start_date: dayBound(from, 'start'), end_date: dayBound(to, 'end') }),
    [memberId, state, from, to],
  );
  const columns = useMemo<Column<CareDueRow>[]>(
    () => [
      { id: 'due_at', label: t(`care.handle.due.${kind}`), sortable: true, nowrap: true, render: (r) => when(r.due_at) },
      { id: 'member_name', label: memberLabel },
      { id: 'area_name', label: t('page.area'), render: (r) => orDash(r.area_name) },
      {
        id: 'title',
        label: t(`care.handle.item.${kind}`),
        // An ECG reading is named by its status (abnormal, normal, unreadable) and its findings.
        render: (r) => (r.status != null ? [t(ecgStatusLabelKey[r.status as EcgStatus] ?? ''), r.title].filter(Boolean).join(' · ') : r.title),
      },
      { id: 'state', label: t('care.handle.state'), render: (r) => <StateCell row={r} /> },
      { id: 'last_handle', label: t('care.handle.lastHandle'), render: (r) => (r.last_handle ? <HandleLines handle={r.last_handle} /> : '-') },
    ],
    [t, kind, memberLabel],
  );

  const open = (action: HandleAction) => (row: CareDueRow) => setOpened({ row, action });
  const processed = (r: CareDueRow) => r.state === HandleState.processed;
  const action = (id: HandleAction, icon: ReactElement, color: CustomRowAction<CareDueRow>['color'], hidden = processed): CustomRowAction<CareDueRow> => ({
    id,
    label: t(id === 'handle' ? 'care.handle.handle' : `care.handle.dose.${id}`),
    icon,
    color,
    onClick: open(id),
    permission: id === 'enteredInError' ? { method: 'PATCH', route: `${path}/error/{id}` } : { method: 'POST', route: path },
    hidden,
  });
  const rowActions: CustomRowAction<CareDueRow>[] =
    kind === 'package-medicine'
      ? [
          action('given', <CheckCircleIcon fontSize="small" />, 'success'),
          action('notGiven', <BlockIcon fontSize="small" />, 'warning'),
          // Only a recorded dose can be marked wrong.
          action('enteredInError', <ErrorOutlineIcon fontSize="small" />, 'error', (r) => !processed(r) || r.last_handle === null),
        ]
      : [action('handle', <TaskAltIcon fontSize="small" />, 'primary')];
  if (kind === 'ecg')
    rowActions.unshift({
      id: 'trace',
      label: t('care.handle.trace'),
      icon: <MonitorHeartIcon fontSize="small" />,
      onClick: (r) => setTrace(r.id),
      permission: { method: 'GET', route: `${Resource.ecg}/{id}` },
    });

  return (
    <>
      <ResourcePage
        title={t(`care.handle.title.${kind}`)}
        resource={careDueResource[kind]}
        columns={columns}
        initialParams={{ order_by: 'due_at', order: 'asc' }}
        filters={areas.length > 0 ? [{ name: 'area_id', label: t('page.area'), kind: 'select', options: areas }] : []}
        extraQuery={extraQuery}
        searchExtras={
          <>
            {canListMembers && <MemberPicker size="small" value={memberId} onChange={setMemberId} />}
            <TextField select size="small" label={t('care.handle.state')} value={state} onChange={(e) => setState(Number(e.target.value))} sx={{ minWidth: 160 }}>
              <MenuItem value={UNSET}>{t('common.all')}</MenuItem>
              {enumValues(HandleState).map((v) => (
                <MenuItem key={v} value={v}>
                  {t(handleStateLabelKey[v])}
                </MenuItem>
              ))}
            </TextField>
            <DayField label={t('care.handle.from')} value={from} onChange={setFrom} max={to} />
            <DayField label={t('care.handle.to')} value={to} onChange={setTo} min={from} />
          </>
        }
        headerActions={
          kind === 'package-medicine' && (
            <PermissionButton method="POST" route={path} variant="contained" startIcon={<MedicationIcon />} onClick={() => setPrn(true)}>
              {t('care.handle.dose.prn')}
            </PermissionButton>
          )
        }
        rowActions={rowActions}
      />
      {opened && <HandleDialog opened={opened} onClose={() => setOpened(null)} />}
      {prn && <PrnDoseDialog onClose={() => setPrn(false)} />}
      {trace !== null && (
        <Suspense fallback={null}>
          <EcgWaveformDialog id={trace} onClose={() => setTrace(null)} />
        </Suspense>
      )}
    </>
  );
}
