import { useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import DownloadIcon from '@mui/icons-material/Download';
import VisibilityIcon from '@mui/icons-material/Visibility';
import {
  CARE_ATTACHMENT_LIMIT,
  type CareReportRow,
  REPORT_FILE_MAX_MB,
  ReportType,
  Resource,
  careReportCreate,
  careReportRow,
  enumValues,
  reportTypeLabelKey,
} from '@vigil/contracts';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { FileUpload } from '../../../components/file-upload/FileUpload.tsx';
import { translateError } from '../../../components/form/translate-error.ts';
import { PermissionButton } from '../../../components/PermissionButton.tsx';
import { type Column, ResourcePage, enumOptions, orDash, useSave } from '../../../components/resource/index.ts';
import { ApiError } from '../../../lib/http.ts';
import { formatDate } from '../../../lib/format.ts';
import { localeStore } from '../../../lib/i18n.ts';
import { useMemberTerm } from '../../../lib/member-term.ts';
import { MemberPicker } from './member-picker.tsx';
import { localTime, todayLocalInput } from './form-time.ts';
import { downloadFile, uploadFile, useObjectUrl, useStoredFile } from '../../../lib/stored-files.ts';

/** One report file shown in the page: a PDF in the browser's viewer, an image as itself. */
function FilePreview({ name, recordId, title }: { name: string; recordId: number; title: string }) {
  const { t } = useTranslation();
  const file = useStoredFile('/file/report', name, recordId);
  const url = useObjectUrl(file.data);
  if (file.isPending) return <CircularProgress size={24} aria-label={t('common.loading')} />;
  if (file.isError || !url) return <Alert severity="error">{t('careRecords.report.previewFailed')}</Alert>;
  return name.endsWith('.pdf') ? (
    <Box component="iframe" src={url} title={title} sx={{ width: 1, height: { xs: 420, md: 640 }, border: 0 }} />
  ) : (
    <Box component="img" src={url} alt={title} sx={{ maxWidth: 1, maxHeight: 640, objectFit: 'contain' }} />
  );
}

function ReportDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const save = useSave<unknown>(Resource.careReport);
  const [member, setMember] = useState<number | null>(null);
  const [type, setType] = useState<ReportType>(ReportType.lab);
  const [title, setTitle] = useState('');
  const [date, setDate] = useState(todayLocalInput());
  const [hospital, setHospital] = useState('');
  const [summary, setSummary] = useState('');
  const [files, setFiles] = useState<{ name: string; file: string }[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [confirmClose, setConfirmClose] = useState(false);
  const dirty = files.length > 0 || title !== '' || summary !== '';
  const err = (f: string) => translateError(t, errors[f]);
  const close = () => (dirty ? setConfirmClose(true) : onClose());
  const submit = async () => {
    const checked = careReportCreate.safeParse({
      member_id: member ?? undefined,
      type,
      title,
      report_date: localTime.safeParse(date).data,
      hospital: hospital || null,
      files: files.map((f) => f.name),
      summary: summary || null,
    });
    if (!checked.success) return setErrors(Object.fromEntries(checked.error.issues.map((i) => [i.path.join('.'), i.message])));
    try {
      await save.mutateAsync({ body: checked.data });
      onClose();
    } catch (e) {
      if (e instanceof ApiError && e.errors.length) setErrors(Object.fromEntries(e.errors.map((f) => [f.field, f.message])));
    }
  };
  const upload = async (chosen: File[]) => {
    try {
      const names = await Promise.all(chosen.map(async (f) => ({ name: await uploadFile('/file/report', f), file: f.name })));
      setFiles((list) => [...list, ...names].slice(0, CARE_ATTACHMENT_LIMIT));
    } catch (e) {
      if (e instanceof ApiError && e.errors.length) setErrors((x) => ({ ...x, files: e.errors[0].message }));
    }
  };
  return (
    <>
      <Dialog open onClose={close} fullWidth maxWidth="sm" aria-labelledby="report-title">
        <DialogTitle id="report-title">{t('careRecords.report.create')}</DialogTitle>
        <DialogContent dividers>
          <Stack spacing={2}>
            <MemberPicker value={member} onChange={setMember} required error={err('member_id')} />
            <TextField select label={t('careRecords.report.type')} value={type} onChange={(e) => setType(Number(e.target.value) as ReportType)}>
              {enumValues(ReportType).map((v) => (
                <MenuItem key={v} value={v}>
                  {t(reportTypeLabelKey[v])}
                </MenuItem>
              ))}
            </TextField>
            <TextField label={t('careRecords.report.title')} value={title} onChange={(e) => setTitle(e.target.value)} required error={Boolean(err('title'))} helperText={err('title')} />
            <TextField type="date" label={t('careRecords.report.date')} value={date} onChange={(e) => setDate(e.target.value)} required slotProps={{ inputLabel: { shrink: true } }} error={Boolean(err('report_date'))} helperText={err('report_date')} />
            <TextField label={t('careRecords.report.hospital')} value={hospital} onChange={(e) => setHospital(e.target.value)} error={Boolean(err('hospital'))} helperText={err('hospital')} />
            <FileUpload
              extensions={['pdf', 'png', 'jpg', 'jpeg', 'webp']}
              maxCount={CARE_ATTACHMENT_LIMIT - files.length}
              maxSizeMB={REPORT_FILE_MAX_MB}
              onFiles={(chosen) => void upload(chosen)}
              label={t('careRecords.report.chooseFiles')}
              hint={err('files') ?? t('careRecords.report.filesHint', { max: REPORT_FILE_MAX_MB, limit: CARE_ATTACHMENT_LIMIT })}
              disabled={files.length >= CARE_ATTACHMENT_LIMIT}
            />
            {files.length > 0 && (
              <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
                {files.map((f) => (
                  <Chip key={f.name} label={f.file} onDelete={() => setFiles((list) => list.filter((x) => x.name !== f.name))} />
                ))}
              </Stack>
            )}
            <TextField label={t('careRecords.report.summary')} value={summary} onChange={(e) => setSummary(e.target.value)} multiline error={Boolean(err('summary'))} helperText={err('summary')} />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>{t('common.cancel')}</Button>
          <Button variant="contained" onClick={() => void submit()} disabled={save.isPending}>
            {t('common.save')}
          </Button>
        </DialogActions>
      </Dialog>
      <ConfirmDialog open={confirmClose} title={t('careRecords.discardTitle')} message={t('careRecords.discardMessage')} confirmLabel={t('careRecords.discard')} onConfirm={async () => onClose()} onClose={() => setConfirmClose(false)} />
    </>
  );
}

/** SPEC §2 `health-report`: uploaded reports with preview and download by record_id. */
export default function HealthReportPage() {
  const { t } = useTranslation();
  const { label: memberLabel } = useMemberTerm();
  const [memberId, setMemberId] = useState<number | null>(null);
  const [creating, setCreating] = useState(false);
  const [viewing, setViewing] = useState<CareReportRow | null>(null);
  const extraQuery = useMemo(() => ({ user_id: memberId ?? undefined }), [memberId]);
  const columns: Column<CareReportRow>[] = [
    { id: 'report_date', label: t('careRecords.report.date'), sortable: true, nowrap: true, render: (r) => formatDate(r.report_date, localeStore.get()) },
    { id: 'member_name', label: memberLabel },
    { id: 'type', label: t('careRecords.report.type'), render: (r) => t(reportTypeLabelKey[r.type]) },
    { id: 'title', label: t('careRecords.report.title') },
    { id: 'hospital', label: t('careRecords.report.hospital'), render: (r) => orDash(r.hospital) },
    { id: 'files', label: t('careRecords.report.files'), render: (r) => r.files.length },
  ];
  const fileTitle = (r: CareReportRow, i: number) => (r.files.length > 1 ? t('careRecords.report.fileN', { title: r.title, n: i + 1 }) : r.title);
  return (
    <>
      <ResourcePage
        title={t('page.health-report')}
        resource={Resource.careReport}
        row={careReportRow}
        columns={columns}
        initialParams={{ order: 'desc', order_by: 'report_date' }}
        filters={[
          { name: 'keyword', label: t('careRecords.report.title'), kind: 'text' },
          { name: 'type', label: t('careRecords.report.type'), kind: 'select', options: enumOptions(enumValues(ReportType), reportTypeLabelKey, t) },
        ]}
        extraQuery={extraQuery}
        searchExtras={<MemberPicker size="small" value={memberId} onChange={setMemberId} />}
        headerActions={
          <PermissionButton method="POST" route={Resource.careReport} variant="contained" onClick={() => setCreating(true)}>
            {t('careRecords.report.create')}
          </PermissionButton>
        }
        rowActions={[
          {
            id: 'view',
            label: t('careRecords.report.view'),
            icon: <VisibilityIcon fontSize="small" />,
            onClick: setViewing,
            permission: { method: 'GET', route: `${Resource.fileReport}/{id}` },
          },
        ]}
        deletable
      />
      {creating && <ReportDialog onClose={() => setCreating(false)} />}
      <Dialog open={viewing !== null} onClose={() => setViewing(null)} fullWidth maxWidth="lg" aria-labelledby="report-view-title">
        {viewing && (
          <>
            <DialogTitle id="report-view-title">{`${viewing.title} · ${viewing.member_name}`}</DialogTitle>
            <DialogContent>
              <Stack spacing={2}>
                {viewing.summary && <Alert severity="info">{viewing.summary}</Alert>}
                {viewing.files.map((name, i) => (
                  <Stack key={name} spacing={1}>
                    <FilePreview name={name} recordId={viewing.id} title={fileTitle(viewing, i)} />
                    <Button
                      startIcon={<DownloadIcon />}
                      variant="outlined"
                      sx={{ alignSelf: 'flex-start' }}
                      onClick={() => void downloadFile('/file/report', name, viewing.id, `${viewing.title}${name.slice(name.lastIndexOf('.'))}`).catch(() => undefined)}
                    >
                      {t('careRecords.download')}
                    </Button>
                  </Stack>
                ))}
              </Stack>
            </DialogContent>
            <DialogActions>
              <Button onClick={() => setViewing(null)}>{t('common.close')}</Button>
            </DialogActions>
          </>
        )}
      </Dialog>
    </>
  );
}
