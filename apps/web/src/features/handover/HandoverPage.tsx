import { useMemo, useState } from 'react';
import { Link as RouterLink, Route, Routes, useNavigate, useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import GlobalStyles from '@mui/material/GlobalStyles';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import PrintIcon from '@mui/icons-material/Print';
import VisibilityIcon from '@mui/icons-material/Visibility';
import { z } from 'zod';
import {
  HandoverState,
  IllnessSeverity,
  Resource,
  ValidationMessage,
  enumValues,
  handoverAccept,
  handoverCreate,
  handoverResource,
  handoverItemKindLabelKey,
  handoverStateLabelKey,
  handoverUpdate,
  illnessSeverityLabelKey,
  nowUnix,
  staffResource,
  textField,
  type HandoverDetail,
  type HandoverItem,
  type HandoverRow,
  type PageKey,
} from '@vigil/contracts';
import { useTranslation } from 'react-i18next';
import { nowSeconds } from '../../components/form/field-time.ts';
import { PermissionButton } from '../../components/PermissionButton.tsx';
import {
  ActionDialog,
  type Column,
  dialog,
  enumOptions,
  orDash,
  ResourcePage,
  useAreaOptions,
  useResourceDetail,
  useResourceOptions,
  useWrite,
} from '../../components/resource/index.ts';
import { useBreadcrumbName } from '../../lib/breadcrumb-name.ts';
import { formatDate } from '../../lib/format.ts';
import { localeStore } from '../../lib/i18n.ts';
import { useNavigation } from '../../lib/navigation.ts';
import { useSession } from '../../lib/session.ts';

/** Vigil's shift handover pages (docs/handover.md): the list, and `handover/detail/:id` the I-PASS sheet. */
export default function HandoverPage() {
  return (
    <Routes>
      <Route index element={<HandoverList />} />
      <Route path="detail/:id" element={<HandoverSheet />} />
    </Routes>
  );
}

const when = (s: number) => formatDate(s, localeStore.get(), 'dateTime');

function HandoverList() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const areas = useAreaOptions();
  const columns = useMemo<Column<HandoverRow>[]>(
    () => [
      { id: 'period_end', label: t('handover.period'), sortable: true, render: (r) => `${when(r.period_start)} – ${when(r.period_end)}` },
      { id: 'area_name', label: t('page.area') },
      { id: 'state', label: t('handover.state'), render: (r) => <Chip size="small" color={r.state === HandoverState.accepted ? 'success' : 'warning'} label={t(handoverStateLabelKey[r.state])} /> },
      { id: 'signed_by_name', label: t('handover.giver'), render: (r) => orDash(r.signed_by_name ?? r.created_by_name) },
      { id: 'accepted_by_name', label: t('handover.receiver'), render: (r) => orDash(r.accepted_by_name) },
      { id: 'open_action_count', label: t('handover.openActions') },
    ],
    [t],
  );
  return (
    <ResourcePage
      title={t('page.handover')}
      resource={handoverResource}
      columns={columns}
      initialParams={{ order: 'desc', order_by: 'period_end' }}
      filters={[
        { name: 'area_id', label: t('page.area'), kind: 'select', options: areas },
        { name: 'state', label: t('handover.state'), kind: 'select', options: enumOptions(enumValues(HandoverState), handoverStateLabelKey, t) },
      ]}
      create={{
        label: t('handover.generate'),
        dialog: dialog({ schema: handoverCreate, defaultValues: {}, fields: [{ name: 'area_id', label: t('page.area'), required: true, options: areas }] }),
      }}
      rowActions={[{ id: 'view', label: t('handover.view'), icon: <VisibilityIcon fontSize="small" />, onClick: (r) => navigate(`detail/${r.id}`) }]}
    />
  );
}

type Open = 'notes' | 'action' | 'accept' | null;

/** The I-PASS sheet: members by severity with their items, actions, situation, sign-off and acceptance; printable. */
function HandoverSheet() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const detail = useResourceDetail(handoverResource, Number.isInteger(id) && id > 0 ? id : null);
  const me = useSession().user?.id;
  const [open, setOpen] = useState<Open>(null);
  const sign = useWrite<void>(() => ({ method: 'PATCH', path: `${Resource.handover}/sign/${id}` }), [Resource.handover]);
  const mark = useWrite<{ action: number; done: boolean }>(({ action, done }) => ({ method: 'PATCH', path: `${Resource.handover}/action/${action}`, body: { done } }), [Resource.handover]);
  const h = detail.data;
  useBreadcrumbName(id, h ? `${h.area_name} · ${when(h.period_start)}` : null);
  if (!h) return <Skeleton height={300} />;
  const draft = h.state === HandoverState.draft;
  const giver = draft && h.created_by === me;

  return (
    <Stack spacing={2.5}>
      <GlobalStyles styles={{ '@media print': { 'header, nav, .MuiDrawer-root, .no-print': { display: 'none !important' } } }} />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'space-between' }}>
        <Typography variant="h1" component="h1">
          {t('handover.sheetTitle', { area: h.area_name, from: when(h.period_start), to: when(h.period_end) })}
        </Typography>
        <Stack direction="row" spacing={1} className="no-print">
          {giver && (
            <>
              <PermissionButton method="PATCH" route={`${Resource.handover}/{id}`} onClick={() => setOpen('notes')}>
                {t('handover.editNotes')}
              </PermissionButton>
              <PermissionButton method="PATCH" route={`${Resource.handover}/{id}`} onClick={() => setOpen('action')}>
                {t('handover.addAction')}
              </PermissionButton>
              <PermissionButton method="PATCH" route={`${Resource.handover}/sign/{id}`} variant="contained" onClick={() => sign.mutate()}>
                {t('handover.signOff')}
              </PermissionButton>
            </>
          )}
          {h.state === HandoverState.signed && h.created_by !== me && (
            <PermissionButton method="PATCH" route={`${Resource.handover}/accept/{id}`} variant="contained" onClick={() => setOpen('accept')}>
              {t('handover.accept')}
            </PermissionButton>
          )}
          <Button startIcon={<PrintIcon />} onClick={() => window.print()}>
            {t('handover.print')}
          </Button>
        </Stack>
      </Stack>
      <Typography>
        {t('handover.signature', {
          state: t(handoverStateLabelKey[h.state]),
          giver: h.signed_by_name ?? h.created_by_name,
          signed: h.signed_at === null ? '-' : when(h.signed_at),
          receiver: orDash(h.accepted_by_name),
          accepted: h.accepted_at === null ? '-' : when(h.accepted_at),
        })}
      </Typography>
      {h.changes && (h.changes.added.length > 0 || h.changes.resolved.length > 0) && (
        <Alert severity="info">
          <Typography variant="subtitle2">{t('handover.sinceSignOff')}</Typography>
          {h.changes.added.map((i) => (
            <div key={`a${itemKey(i)}`}>{t('handover.added', { item: t(handoverItemKindLabelKey[i.kind]), name: nameOf(h, i), time: when(i.time) })}</div>
          ))}
          {h.changes.resolved.map((i) => (
            <div key={`r${itemKey(i)}`}>{t('handover.resolved', { item: t(handoverItemKindLabelKey[i.kind]), name: nameOf(h, i), time: when(i.time) })}</div>
          ))}
        </Alert>
      )}
      {h.members.map((m) => (
        <Paper key={m.member_id} variant="outlined" sx={{ p: 2, breakInside: 'avoid' }}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <Typography variant="h3" component="h2">
              {m.member_name}
            </Typography>
            <Chip
              size="small"
              color={m.severity === IllnessSeverity.unstable ? 'error' : m.severity === IllnessSeverity.watcher ? 'warning' : 'default'}
              label={t(illnessSeverityLabelKey[m.severity])}
            />
          </Stack>
          {m.summary && <Typography>{t('common.labelled', { label: t('handover.summary'), value: m.summary })}</Typography>}
          {m.contingency && <Typography>{t('common.labelled', { label: t('handover.contingency'), value: m.contingency })}</Typography>}
          {m.items.map((i) => (
            <ItemLine key={itemKey(i)} item={i} />
          ))}
        </Paper>
      ))}
      <Typography variant="h3" component="h2">
        {t('handover.actions')}
      </Typography>
      <Table size="small" aria-label={t('handover.actions')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('handover.done')}</TableCell>
            <TableCell>{t('handover.action')}</TableCell>
            <TableCell>{t('handover.owner')}</TableCell>
            <TableCell>{t('handover.due')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {h.actions.map((a) => (
            <TableRow key={a.id}>
              <TableCell>
                <Checkbox
                  checked={a.done_at !== null}
                  onChange={(e) => mark.mutate({ action: a.id, done: e.target.checked })}
                  slotProps={{ input: { 'aria-label': t('handover.markDone', { action: a.content }) } }}
                />
              </TableCell>
              <TableCell>
                {a.member_name ? t('handover.actionFor', { name: a.member_name, action: a.content }) : a.content}
                {a.carried_from_id !== null && <Chip size="small" variant="outlined" label={t('handover.carried')} sx={{ ml: 1 }} />}
              </TableCell>
              <TableCell>{a.owner_name}</TableCell>
              <TableCell sx={{ color: a.done_at === null && a.due_time < nowUnix() ? 'error.main' : undefined }}>{when(a.due_time)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <Typography>{t('common.labelled', { label: t('handover.situation'), value: orDash(h.situation) })}</Typography>
      <Typography>{t('common.labelled', { label: t('handover.synthesis'), value: orDash(h.synthesis) })}</Typography>
      {open === 'notes' && <NotesDialog handover={h} onClose={() => setOpen(null)} />}
      {open === 'action' && <ActionItemDialog handover={h} onClose={() => setOpen(null)} />}
      {open === 'accept' && (
        <ActionDialog
          title={t('handover.accept')}
          dialog={dialog({ schema: handoverAccept, defaultValues: { synthesis: '' }, fields: [{ name: 'synthesis', label: t('handover.synthesis'), required: true, multiline: true, helperText: t('handover.synthesisHint') }] })}
          method="PATCH"
          path={`${Resource.handover}/accept/${h.id}`}
          permission={{ method: 'PATCH', route: `${Resource.handover}/accept/{id}` }}
          touches={[Resource.handover]}
          onClose={() => setOpen(null)}
        />
      )}
    </Stack>
  );
}

/** Where each item's source record is read: the page of its resource, narrowed to the member where the page allows it. */
const sourcePage: Record<string, { page: PageKey; byMember: boolean }> = {
  [Resource.abnormal]: { page: 'abnormal-log', byMember: false },
  [Resource.careSchedule]: { page: 'service-schedule', byMember: true },
  [Resource.carePackage]: { page: 'package-record', byMember: true },
  [Resource.deliveryMedicine]: { page: 'medication-delivery', byMember: false },
  [Resource.medicalUser]: { page: 'medical-state-log', byMember: false },
};

/** One generated item: its time and kind, linked to its source record's page when the reader may open it. */
function ItemLine({ item }: { item: HandoverItem }) {
  const { t } = useTranslation();
  const { pages } = useNavigation();
  const text = t('handover.item', { time: when(item.time), item: t(handoverItemKindLabelKey[item.kind]) });
  const target = sourcePage[item.source.resource];
  if (!target || !pages.has(target.page)) return <Typography variant="body2">{text}</Typography>;
  return (
    <Typography variant="body2">
      <Link component={RouterLink} to={`/${target.page}${target.byMember ? `?user_id=${item.member_id}` : ''}`}>
        {text}
      </Link>
    </Typography>
  );
}

const itemKey = (i: HandoverItem) => `${i.kind}-${i.source.resource}-${i.source.id}-${i.time}`;
const nameOf = (h: HandoverDetail, i: HandoverItem) => h.members.find((m) => m.member_id === i.member_id)?.member_name ?? '-';

/** I, P and S of the sheet: each member's severity, summary and contingency, and the area's situation. */
function NotesDialog({ handover, onClose }: { handover: HandoverDetail; onClose: () => void }) {
  const { t } = useTranslation();
  const severities = enumOptions(enumValues(IllnessSeverity), illnessSeverityLabelKey, t);
  const notes = dialog({
    schema: handoverUpdate.pick({ situation: true, members: true }),
    defaultValues: {
      situation: handover.situation ?? '',
      members: handover.members.map((m) => ({ member_id: m.member_id, severity: m.severity, summary: m.summary ?? '', contingency: m.contingency ?? '' })),
    },
    fields: [
      { name: 'situation', label: t('handover.situation'), multiline: true },
      ...handover.members.flatMap((m, i) => [
        { name: `members.${i}.severity` as const, label: t('handover.severityOf', { name: m.member_name }), options: severities, required: true },
        { name: `members.${i}.summary` as const, label: t('handover.summary'), multiline: true },
        { name: `members.${i}.contingency` as const, label: t('handover.contingency') },
      ]),
    ],
  });
  return (
    <ActionDialog
      title={t('handover.editNotes')}
      dialog={notes}
      method="PATCH"
      path={`${Resource.handover}/${handover.id}`}
      permission={{ method: 'PATCH', route: `${Resource.handover}/{id}` }}
      touches={[Resource.handover]}
      onClose={onClose}
    />
  );
}

const actionForm = z.object({
  content: textField({ max: 500 }),
  owner_id: z.number({ error: ValidationMessage.required }),
  member_id: z.number().nullable().optional(),
  due: z.number({ error: ValidationMessage.required }),
});

/** A: a new action with its owner and due time, added to the draft's list (the others kept as they are). */
function ActionItemDialog({ handover, onClose }: { handover: HandoverDetail; onClose: () => void }) {
  const { t } = useTranslation();
  const staff = useResourceOptions(staffResource);
  const add = dialog({
    schema: actionForm,
    defaultValues: { content: '', due: nowSeconds() + 2 * 3600, member_id: null },
    fields: [
      { name: 'content', label: t('handover.action'), required: true },
      { name: 'owner_id', label: t('handover.owner'), kind: 'autocomplete', required: true, options: (staff.data ?? []).map((s) => ({ value: s.id, label: s.name })) },
      { name: 'member_id', label: t('handover.member'), kind: 'autocomplete', options: handover.members.map((m) => ({ value: m.member_id, label: m.member_name })) },
      { name: 'due', label: t('handover.due'), kind: 'datetime', required: true },
    ],
    toBody: ({ due, ...action }) => ({
      actions: [
        ...handover.actions.map((a) => ({ id: a.id, member_id: a.member_id, content: a.content, owner_id: a.owner_id, due_time: a.due_time })),
        { ...action, due_time: due },
      ],
    }),
  });
  return (
    <ActionDialog
      title={t('handover.addAction')}
      dialog={add}
      method="PATCH"
      path={`${Resource.handover}/${handover.id}`}
      permission={{ method: 'PATCH', route: `${Resource.handover}/{id}` }}
      touches={[Resource.handover]}
      onClose={onClose}
    />
  );
}
