import { Suspense, lazy, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import Autocomplete from '@mui/material/Autocomplete';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
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
  ecgStatusLabelKey,
  HandleState,
  type MemberRow,
  Resource,
  careDueRow,
  handleStateLabelKey,
  memberRow,
  toUnix,
  UNSET,
} from '@vigil/contracts';
import { useTranslation } from 'react-i18next';
import { PermissionButton } from '../../../components/PermissionButton.tsx';
import { type Column, type CustomRowAction, ResourcePage, orDash, useAreaOptions, useResourceOptions } from '../../../components/resource/index.ts';
import { formatDate } from '../../../lib/format.ts';
import { localeStore } from '../../../lib/i18n.ts';
import { usePermission } from '../../../lib/session.ts';
import { useMemberTerm } from '../../../lib/member-term.ts';
import { type HandleAction, HandleDialog, PrnDoseDialog, handlePath } from './handle-dialogs.tsx';

// The ECG trace (charts) loads only when a reading's trace is asked for.
const EcgWaveformDialog = lazy(() => import('../../vitals/index.ts').then((m) => ({ default: m.EcgWaveformDialog })));

const ISO_DAY = 'YYYY-MM-DD';
const dayBound = (text: string, edge: 'start' | 'end') => {
  const day = dayjs(text, ISO_DAY);
  if (!text || !day.isValid()) return undefined;
  return toUnix((edge === 'start' ? day.startOf('day') : day.endOf('day')).toDate());
};

/** Searchable member filter over the members in scope; cleared means every member. */
function MemberFilter({ value, onChange }: { value: number | undefined; onChange: (id: number | undefined) => void }) {
  const { t } = useTranslation();
  const { label } = useMemberTerm();
  const members = useResourceOptions(Resource.user, memberRow);
  const options = members.data ?? [];
  return (
    <Autocomplete<MemberRow>
      size="small"
      sx={{ minWidth: 240 }}
      options={options}
      value={options.find((m) => m.id === value) ?? null}
      loading={members.isFetching}
      onChange={(_e, m) => onChange(m?.id)}
      getOptionLabel={(m) => (m.area_name ? `${m.name} · ${m.area_name}` : m.name)}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      noOptionsText={t('common.noData')}
      loadingText={t('common.loading')}
      renderInput={(params) => <TextField {...params} label={label} />}
    />
  );
}

/** A due item's state in words and colour; a late dose adds its own mark, so colour is never the only sign. */
function StateCell({ row }: { row: CareDueRow }) {
  const { t } = useTranslation();
  const processed = row.state === HandleState.processed;
  return (
    <Stack direction="row" spacing={0.75} sx={{ flexWrap: 'wrap', rowGap: 0.5 }}>
      <Chip size="small" variant="outlined" color={processed ? 'success' : 'default'} label={t(handleStateLabelKey[row.state])} />
      {row.late && <Chip size="small" color="error" icon={<AlarmIcon aria-hidden />} label={t('care.handle.late')} />}
    </Stack>
  );
}

function LastHandle({ row }: { row: CareDueRow }) {
  const h = row.last_handle;
  if (!h) return <>-</>;
  return (
    <Stack spacing={0.25}>
      <Typography variant="body2">{h.content}</Typography>
      <Typography variant="caption" color="text.secondary">
        {`${h.staff_name} · ${formatDate(h.handle_time, localeStore.get(), 'dateTime')}`}
      </Typography>
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
  const [memberId, setMemberId] = useState<number | undefined>(Number.isInteger(fromUrl) && fromUrl > 0 ? fromUrl : undefined);
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
    () => ({ user_id: memberId, state: state === UNSET ? undefined : state, start_date: dayBound(from, 'start'), end_date: dayBound(to, 'end') }),
    [memberId, state, from, to],
  );
  const columns = useMemo<Column<CareDueRow>[]>(
    () => [
      { id: 'due_at', label: t(`care.handle.due.${kind}`), sortable: true, nowrap: true, render: (r) => formatDate(r.due_at, localeStore.get(), 'dateTime') },
      { id: 'member_name', label: memberLabel },
      { id: 'area_name', label: t('page.area'), render: (r) => orDash(r.area_name) },
      {
        id: 'title',
        label: t(`care.handle.item.${kind}`),
        // An ECG reading is named by its status (abnormal, normal, unreadable) and its findings.
        render: (r) => (r.status != null ? [t(ecgStatusLabelKey[r.status as EcgStatus] ?? ''), r.title].filter(Boolean).join(' · ') : r.title),
      },
      { id: 'state', label: t('care.handle.state'), render: (r) => <StateCell row={r} /> },
      { id: 'last_handle', label: t('care.handle.lastHandle'), render: (r) => <LastHandle row={r} /> },
    ],
    [t, kind, memberLabel],
  );

  const open = (action: HandleAction) => (row: CareDueRow) => setOpened({ row, action });
  const processed = (r: CareDueRow) => r.state === HandleState.processed;
  const traceAction: CustomRowAction<CareDueRow>[] =
    kind === 'ecg'
      ? [{ id: 'trace', label: t('care.handle.trace'), icon: <MonitorHeartIcon fontSize="small" />, onClick: (r) => setTrace(r.id), permission: { method: 'GET', route: `${Resource.ecg}/{id}` } }]
      : [];
  const rowActions: CustomRowAction<CareDueRow>[] = [
    ...traceAction,
    ...((kind === 'package-medicine'
      ? [
          {
            id: 'given',
            label: t('care.handle.dose.given'),
            icon: <CheckCircleIcon fontSize="small" />,
            color: 'success',
            onClick: open('given'),
            permission: { method: 'POST', route: path },
            hidden: processed,
          },
          {
            id: 'notGiven',
            label: t('care.handle.dose.notGiven'),
            icon: <BlockIcon fontSize="small" />,
            color: 'warning',
            onClick: open('notGiven'),
            permission: { method: 'POST', route: path },
            hidden: processed,
          },
          {
            id: 'enteredInError',
            label: t('care.handle.dose.enteredInError'),
            icon: <ErrorOutlineIcon fontSize="small" />,
            color: 'error',
            onClick: open('enteredInError'),
            permission: { method: 'PATCH', route: `${path}/error/{id}` },
            hidden: (r) => r.state !== HandleState.processed || r.last_handle === null,
          },
        ]
      : [
          {
            id: 'handle',
            label: t('care.handle.handle'),
            icon: <TaskAltIcon fontSize="small" />,
            color: 'primary',
            onClick: open('handle'),
            permission: { method: 'POST', route: path },
            hidden: processed,
          },
        ]) satisfies CustomRowAction<CareDueRow>[]),
  ];

  return (
    <>
      <ResourcePage
        title={t(`care.handle.title.${kind}`)}
        resource={path}
        row={careDueRow}
        columns={columns}
        initialParams={{ order_by: 'due_at', order: 'asc' }}
        filters={areas.length > 0 ? [{ name: 'area_id', label: t('page.area'), kind: 'select', options: areas }] : []}
        extraQuery={extraQuery}
        searchExtras={
          <>
            {canListMembers && <MemberFilter value={memberId} onChange={setMemberId} />}
            <TextField
              select
              size="small"
              label={t('care.handle.state')}
              value={state}
              onChange={(e) => setState(Number(e.target.value))}
              sx={{ minWidth: 160 }}
            >
              <MenuItem value={UNSET}>{t('common.all')}</MenuItem>
              <MenuItem value={HandleState.notProcessed}>{t(handleStateLabelKey[HandleState.notProcessed])}</MenuItem>
              <MenuItem value={HandleState.processed}>{t(handleStateLabelKey[HandleState.processed])}</MenuItem>
            </TextField>
            <TextField
              type="date"
              size="small"
              label={t('care.handle.from')}
              value={from}
              onChange={(e) => setFrom(e.target.value)}
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: to || undefined } }}
              sx={(theme) => ({ '& input': { colorScheme: theme.palette.mode } })}
            />
            <TextField
              type="date"
              size="small"
              label={t('care.handle.to')}
              value={to}
              onChange={(e) => setTo(e.target.value)}
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: from || undefined } }}
              sx={(theme) => ({ '& input': { colorScheme: theme.palette.mode } })}
            />
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
