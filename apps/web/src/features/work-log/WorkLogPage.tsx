import { Fragment, useMemo, useState } from 'react';
import { Route, Routes, useNavigate, useParams } from 'react-router';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import VisibilityIcon from '@mui/icons-material/Visibility';
import {
  Resource,
  Shift,
  WORK_LOG_ATTACHMENT_LIMIT,
  WORK_LOG_FILE_MAX_MB,
  WorkLogCategory,
  enumValues,
  memberResource,
  shiftLabelKey,
  staffResource,
  workLogCategoryLabelKey,
  workLogResource,
  type WorkLogRow,
} from '@vigil/contracts';
import { useTranslation } from 'react-i18next';
import { PermissionButton } from '../../components/PermissionButton.tsx';
import { StoredFiles } from '../../components/file-upload/StoredFiles.tsx';
import type { FilesSpec } from '../../components/form/FormDialog.tsx';
import { DateRangePicker } from '../../components/date-range/DateRangePicker.tsx';
import { type DateRange, monthRange, rangeToQuery } from '../../components/date-range/date-range-rules.ts';
import {
  type Column,
  type FilterSpec,
  dialog,
  enumOptions,
  orDash,
  ResourcePage,
  useAreaOptions,
  useResourceDetail,
  useResourceOptions,
  useSave,
} from '../../components/resource/index.ts';
import { formatDate } from '../../lib/format.ts';
import { localeStore } from '../../lib/i18n.ts';
import { usePermission } from '../../lib/session.ts';
import { uploadFile } from '../../lib/stored-files.ts';
import { useBreadcrumbName } from '../../lib/breadcrumb-name.ts';
import { FORM_ENTRIES, emptyLog, logForm } from './log-form.ts';

/** SPEC §2 `work-log`, `work-log/add` and `work-log/detail`: staff members' logs of their shifts (docs/handover.md). */
export default function WorkLogPage() {
  return (
    <Routes>
      <Route index element={<WorkLogList />} />
      <Route path="add" element={<WorkLogList adding />} />
      <Route path="detail/:id" element={<WorkLogDetail />} />
    </Routes>
  );
}

function WorkLogList({ adding = false }: { adding?: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const save = useSave(workLogResource);
  const form = useLogDialog(adding);
  const filters = useListFilters();
  // A month of shifts by default: the logs a colleague looks back on, not the whole history.
  const [range, setRange] = useState<DateRange>(() => monthRange());
  const dates = useMemo(() => rangeToQuery(range), [range]);
  const columns = useMemo<Column<WorkLogRow>[]>(
    () => [
      { id: 'shift_date', label: t('workLog.shiftDate'), sortable: true, render: (r) => formatDate(r.shift_date, localeStore.get()) },
      { id: 'shift', label: t('workLog.shift'), render: (r) => t(shiftLabelKey[r.shift]) },
      { id: 'staff_name', label: t('page.staff') },
      { id: 'area_name', label: t('admin.common.area'), render: (r) => orDash(r.area_name) },
      { id: 'entry_count', label: t('workLog.entryCount') },
      { id: 'summary', label: t('workLog.summary'), render: (r) => orDash(r.summary) },
    ],
    [t],
  );
  return (
    <>
      <ResourcePage
        title={t('page.work-log')}
        resource={workLogResource}
        columns={columns}
        initialParams={{ order: 'desc', order_by: 'shift_date' }}
        filters={filters}
        extraQuery={dates}
        searchExtras={<DateRangePicker value={range} onChange={setRange} />}
        headerActions={
          <PermissionButton method="POST" route={Resource.workLog} variant="contained" onClick={() => navigate('add')}>
            {t('workLog.add')}
          </PermissionButton>
        }
        rowActions={[{ id: 'view', label: t('workLog.view'), icon: <VisibilityIcon fontSize="small" />, onClick: (r) => navigate(`detail/${r.id}`) }]}
        deletable
      />
      {adding &&
        form.render({
          title: t('workLog.add'),
          permission: { method: 'POST', route: Resource.workLog },
          onClose: () => navigate('..'),
          submit: (body) => save.mutateAsync({ body }),
        })}
    </>
  );
}

/** SPEC §3 list filters of the logs: staff (user_id), area, shift (type) and the summary's words; a picker shows only when its list may be read. */
function useListFilters(): FilterSpec[] {
  const { t } = useTranslation();
  const canListStaff = usePermission('GET', Resource.staff);
  const staffOptions = useResourceOptions(staffResource, {}, canListStaff);
  const areas = useAreaOptions(undefined, usePermission('GET', Resource.area));
  return [
    { name: 'keyword', label: t('workLog.summary'), kind: 'text' },
    ...(canListStaff ? [{ name: 'user_id', label: t('page.staff'), kind: 'select' as const, options: (staffOptions.data ?? []).map((s) => ({ value: s.id, label: s.name })) }] : []),
    ...(areas.length > 0 ? [{ name: 'area_id', label: t('admin.common.area'), kind: 'select' as const, options: areas }] : []),
    { name: 'type', label: t('workLog.shift'), kind: 'select', options: enumOptions(enumValues(Shift), shiftLabelKey, t) },
  ];
}

/** An entry's attachments (docs/handover.md): photos or PDFs, each stored at once at /file/work-log. */
const entryFiles: FilesSpec = {
  upload: (file) => uploadFile('/file/work-log', file),
  extensions: ['png', 'jpg', 'jpeg', 'webp', 'pdf'],
  maxCount: WORK_LOG_ATTACHMENT_LIMIT,
  maxSizeMB: WORK_LOG_FILE_MAX_MB,
};

/** The add form: the shift, a summary, and up to FORM_ENTRIES entries about the members in scope. */
function useLogDialog(enabled: boolean) {
  const { t } = useTranslation();
  const members = useResourceOptions(memberResource, { writable: 1 }, enabled);
  const memberOptions = (members.data ?? []).map((m) => ({ value: m.id, label: m.name }));
  const categories = enumOptions(enumValues(WorkLogCategory), workLogCategoryLabelKey, t);
  return dialog({
    schema: logForm,
    defaultValues: emptyLog(),
    fields: [
      { name: 'shift_date', label: t('workLog.shiftDate'), kind: 'date', required: true },
      { name: 'shift', label: t('workLog.shift'), required: true, options: enumOptions(enumValues(Shift), shiftLabelKey, t) },
      { name: 'summary', label: t('workLog.summary'), multiline: true },
      ...Array.from({ length: FORM_ENTRIES }, (_, i) => [
        { name: `entries.${i}.time` as const, label: t('workLog.entryTime', { n: i + 1 }), kind: 'datetime' as const, required: i === 0 },
        { name: `entries.${i}.category` as const, label: t('workLog.category'), options: categories, required: i === 0 },
        { name: `entries.${i}.member_ids` as const, label: t('workLog.members'), kind: 'autocomplete' as const, multiple: true, options: memberOptions },
        { name: `entries.${i}.content` as const, label: t('workLog.content'), multiline: true, required: i === 0 },
        { name: `entries.${i}.attachments` as const, label: t('workLog.attachments'), kind: 'files' as const, files: entryFiles },
      ]).flat(),
    ],
  });
}

function WorkLogDetail() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const detail = useResourceDetail(workLogResource, Number.isInteger(id) && id > 0 ? id : null);
  const log = detail.data;
  const when = (s: number) => formatDate(s, localeStore.get(), 'dateTime');
  useBreadcrumbName(log?.id, log && `${log.staff_name} · ${formatDate(log.shift_date, localeStore.get())}`);
  return (
    <Stack spacing={2.5}>
      <Typography variant="h1" component="h1">
        {log ? t('workLog.detailTitle', { name: log.staff_name, date: formatDate(log.shift_date, localeStore.get()), shift: t(shiftLabelKey[log.shift]) }) : <Skeleton width={260} />}
      </Typography>
      <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }}>
        {!log ? (
          <Skeleton height={200} />
        ) : (
          <Stack spacing={2}>
            <Typography>{t('common.labelled', { label: t('admin.common.area'), value: orDash(log.area_name) })}</Typography>
            <Typography>{t('common.labelled', { label: t('workLog.summary'), value: orDash(log.summary) })}</Typography>
            <Box sx={{ overflowX: 'auto' }}>
              <Table size="small" aria-label={t('workLog.entries')}>
                <TableHead>
                  <TableRow>
                    <TableCell>{t('workLog.time')}</TableCell>
                    <TableCell>{t('workLog.category')}</TableCell>
                    <TableCell>{t('workLog.members')}</TableCell>
                    <TableCell>{t('workLog.content')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {log.entries.map((e, i) => (
                    <Fragment key={i}>
                      <TableRow sx={e.attachments.length > 0 ? { '& > td': { borderBottom: 0 } } : undefined}>
                        <TableCell>{when(e.time)}</TableCell>
                        <TableCell>{t(workLogCategoryLabelKey[e.category])}</TableCell>
                        <TableCell>{orDash(e.members.map((m) => m.name).join(t('workLog.separator')))}</TableCell>
                        <TableCell>{e.content}</TableCell>
                      </TableRow>
                      {/* An entry's files take the full width beneath it, so their previews fit a phone too. */}
                      {e.attachments.length > 0 && (
                        <TableRow>
                          <TableCell colSpan={4} aria-label={t('workLog.attachments')}>
                            <StoredFiles folder="/file/work-log" names={e.attachments} recordId={log.id} title={`${log.staff_name} ${when(e.time)}`} />
                          </TableCell>
                        </TableRow>
                      )}
                    </Fragment>
                  ))}
                </TableBody>
              </Table>
            </Box>
          </Stack>
        )}
      </Paper>
    </Stack>
  );
}
