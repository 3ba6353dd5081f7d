import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import DownloadIcon from '@mui/icons-material/Download';
import VisibilityIcon from '@mui/icons-material/Visibility';
import {
  type CareReportRow,
  ReportType,
  Resource,
  careReportCreate,
  careReportRow,
  enumValues,
  reportTypeLabelKey,
} from '@vigil/contracts';
import { useTranslation } from 'react-i18next';
import { todaySeconds } from '../../../components/form/field-time.ts';
import { type Column, ResourcePage, dialog, enumOptions, orDash } from '../../../components/resource/index.ts';
import { formatDate } from '../../../lib/format.ts';
import { localeStore } from '../../../lib/i18n.ts';
import { useMemberTerm } from '../../../lib/member-term.ts';
import { downloadFile, useObjectUrl, useStoredFile } from '../../../lib/stored-files.ts';
import { memberField, useMemberFilter, useMemberOptions } from '../records/member-picker.tsx';
import { reportFiles } from '../records/record-files.ts';

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

/** SPEC §2 `health-report`: uploaded reports with preview and download by record_id. */
export default function HealthReportPage() {
  const { t } = useTranslation();
  const { label: memberLabel } = useMemberTerm();
  const members = useMemberOptions();
  const filter = useMemberFilter();
  const [viewing, setViewing] = useState<CareReportRow | null>(null);
  const types = enumOptions(enumValues(ReportType), reportTypeLabelKey, t);
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
          { name: 'type', label: t('careRecords.report.type'), kind: 'select', options: types },
        ]}
        {...filter}
        create={{
          label: t('careRecords.report.create'),
          dialog: dialog({
            schema: careReportCreate,
            defaultValues: { type: ReportType.lab, report_date: todaySeconds(), files: [] },
            fields: [
              memberField(memberLabel, members),
              { name: 'type', label: t('careRecords.report.type'), required: true, options: types },
              { name: 'title', label: t('careRecords.report.title'), required: true },
              { name: 'report_date', label: t('careRecords.report.date'), kind: 'date', required: true },
              { name: 'hospital', label: t('careRecords.report.hospital') },
              { name: 'files', label: t('careRecords.report.files'), kind: 'files', required: true, files: reportFiles },
              { name: 'summary', label: t('careRecords.report.summary'), multiline: true },
            ],
          }),
        }}
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
