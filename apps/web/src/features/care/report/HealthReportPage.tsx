import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import DownloadIcon from '@mui/icons-material/Download';
import VisibilityIcon from '@mui/icons-material/Visibility';
import { type CareReportRow, ReportType, Resource, careReportCreate, careReportResource, reportTypeLabelKey } from '@vigil/contracts';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { todaySeconds } from '../../../components/form/field-time.ts';
import { dialog, orDash } from '../../../components/resource/index.ts';
import { downloadFile, useObjectUrl, useStoredFile } from '../../../lib/stored-files.ts';
import { type CareListConfig, CareRecordList, useBuiltConfig, type CarePageProps } from '../records/CareRecordList.tsx';
import { choices, day, keywordFilter, timeColumn } from '../records/cells.tsx';
import type { MemberField } from '../records/member-picker.tsx';
import { reportFiles } from '../records/record-files.ts';
import { ViewDialog } from '../records/view-dialog.tsx';

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

/** A report's summary and each of its files, previewed with a download button. */
function ReportDialog({ report, onClose }: { report: CareReportRow; onClose: () => void }) {
  const { t } = useTranslation();
  const fileTitle = (i: number) => (report.files.length > 1 ? t('careRecords.report.fileN', { title: report.title, n: i + 1 }) : report.title);
  const download = (name: string) => downloadFile('/file/report', name, report.id, `${report.title}${name.slice(name.lastIndexOf('.'))}`);
  return (
    <ViewDialog title={`${report.title} · ${report.member_name}`} maxWidth="lg" onClose={onClose}>
      <Stack spacing={2}>
        {report.summary && <Alert severity="info">{report.summary}</Alert>}
        {report.files.map((name, i) => (
          <Stack key={name} spacing={1}>
            <FilePreview name={name} recordId={report.id} title={fileTitle(i)} />
            <Button startIcon={<DownloadIcon />} variant="outlined" sx={{ alignSelf: 'flex-start' }} onClick={() => void download(name).catch(() => undefined)}>
              {t('careRecords.download')}
            </Button>
          </Stack>
        ))}
      </Stack>
    </ViewDialog>
  );
}

function reportConfig(t: TFunction, member: MemberField): CareListConfig<CareReportRow> {
  const types = choices(ReportType, reportTypeLabelKey, t);
  return {
    page: 'health-report',
    resource: careReportResource,
    orderBy: 'report_date',
    labels: { create: t('careRecords.report.create') },
    columns: [
      timeColumn('report_date', t('careRecords.report.date'), day),
      { id: 'member_name', label: member.label },
      { id: 'type', label: t('careRecords.report.type'), render: (r) => t(reportTypeLabelKey[r.type]) },
      { id: 'title', label: t('careRecords.report.title') },
      { id: 'hospital', label: t('careRecords.report.hospital'), render: (r) => orDash(r.hospital) },
      { id: 'files', label: t('careRecords.report.files'), render: (r) => r.files.length },
    ],
    filters: [keywordFilter(t('careRecords.report.title')), { name: 'type', label: t('careRecords.report.type'), kind: 'select', options: types }],
    views: [
      {
        id: 'view',
        label: t('careRecords.report.view'),
        icon: <VisibilityIcon fontSize="small" />,
        permission: { method: 'GET', route: `${Resource.fileReport}/{id}` },
        render: (r, onClose) => <ReportDialog report={r} onClose={onClose} />,
      },
    ],
    create: (origin) =>
      dialog({
        schema: careReportCreate,
        defaultValues: { member_id: origin.memberId ?? undefined, type: ReportType.lab, report_date: todaySeconds(), files: [] },
        fields: [
          member,
          { name: 'type', label: t('careRecords.report.type'), required: true, options: types },
          { name: 'title', label: t('careRecords.report.title'), required: true },
          { name: 'report_date', label: t('careRecords.report.date'), kind: 'date', required: true },
          { name: 'hospital', label: t('careRecords.report.hospital') },
          { name: 'files', label: t('careRecords.report.files'), kind: 'files', required: true, files: reportFiles },
          { name: 'summary', label: t('careRecords.report.summary'), multiline: true },
        ],
      }),
  };
}

/** SPEC §2 `health-report`: uploaded reports with preview and download by record_id. */
export default function HealthReportPage({ memberId, title }: CarePageProps = {}) {
  return <CareRecordList config={useBuiltConfig(reportConfig)} memberId={memberId} title={title} />;
}
