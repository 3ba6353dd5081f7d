import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import {
  Locale,
  Resource,
  SCHEDULED_REPORT_KEEP_DAYS,
  SCHEDULED_REPORT_MAX_RECIPIENTS,
  keptReport,
  paginated,
  reportSchedule,
  reportScheduleUpdate,
  type KeptReport,
  type ReportSchedule,
  type ReportScheduleUpdate,
} from '@vigil/contracts';
import { downloadBlob } from '../../lib/export.ts';
import { formatDate } from '../../lib/format.ts';
import { request } from '../../lib/http.ts';
import { notifySuccess } from '../../lib/notify.ts';
import { usePermission } from '../../lib/session.ts';

const schedulesKey = ['report-schedule'];
const keptKey = ['report-schedule', 'report'];
const keptPage = paginated(keptReport);

/** Splits what was typed into addresses: commas, semicolons, spaces or new lines. */
const addresses = (text: string) =>
  text
    .split(/[\s,;]+/)
    .map((a) => a.trim())
    .filter(Boolean);

/** One kind's schedule as a small form: on/off, recipients, language, hour, keeping time. */
function ScheduleForm({ schedule, allowed }: { schedule: ReportSchedule; allowed: boolean }) {
  const { t, i18n } = useTranslation();
  const client = useQueryClient();
  const [enabled, setEnabled] = useState(schedule.enabled);
  const [recipients, setRecipients] = useState(schedule.recipients.join(', '));
  const [lang, setLang] = useState<ReportScheduleUpdate['lang']>(schedule.lang);
  const [hour, setHour] = useState(schedule.hour);
  const [keepDays, setKeepDays] = useState(String(schedule.keep_days));
  const [errors, setErrors] = useState<Record<string, string>>({});

  const save = useMutation({
    mutationFn: (body: ReportScheduleUpdate) =>
      request(`${Resource.reportSchedule}/${schedule.kind}`, { method: 'PUT', body, schema: reportSchedule, formFields: ['recipients', 'hour', 'keep_days', 'lang'] }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: schedulesKey });
      notifySuccess();
    },
  });

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const list = addresses(recipients);
    const body = {
      enabled,
      recipients: list,
      lang,
      hour,
      // The organisation's days are the browser's: the offset of this admin's clock.
      utc_offset: -new Date().getTimezoneOffset(),
      keep_days: Number(keepDays),
    };
    const parsed = reportScheduleUpdate.safeParse(body);
    if (!parsed.success) {
      const next: Record<string, string> = {};
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0]);
        if (field === 'recipients')
          next.recipients =
            issue.path.length > 1
              ? t('scheduledReports.recipientInvalid', { value: list[Number(issue.path[1])] })
              : t('scheduledReports.tooManyRecipients', { max: SCHEDULED_REPORT_MAX_RECIPIENTS });
        else if (field === 'keep_days') next.keep_days = t('scheduledReports.keepDaysRange', { min: SCHEDULED_REPORT_KEEP_DAYS.min, max: SCHEDULED_REPORT_KEEP_DAYS.max });
        else next[field] = t('validation.invalidInput');
      }
      setErrors(next);
      return;
    }
    setErrors({});
    save.mutate(parsed.data);
  };

  const id = `schedule-${schedule.kind}`;
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }}>
      <Stack component="form" spacing={2} noValidate onSubmit={submit} aria-labelledby={id}>
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}>
          <Typography id={id} variant="h2" component="h2" sx={{ fontSize: '1.1rem' }}>
            {t(`scheduledReports.kind.${schedule.kind}`)}
          </Typography>
          <FormControlLabel
            control={<Switch checked={enabled} onChange={(e) => setEnabled(e.target.checked)} disabled={!allowed} />}
            label={t('scheduledReports.enabled')}
          />
        </Stack>
        <TextField
          label={t('scheduledReports.recipients')}
          value={recipients}
          onChange={(e) => setRecipients(e.target.value)}
          disabled={!allowed}
          multiline
          minRows={1}
          error={Boolean(errors.recipients)}
          helperText={errors.recipients ?? t('scheduledReports.recipientsHelp', { max: SCHEDULED_REPORT_MAX_RECIPIENTS })}
          slotProps={{ htmlInput: { inputMode: 'email' } }}
          fullWidth
        />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextField select label={t('scheduledReports.lang')} value={lang} onChange={(e) => setLang(e.target.value as ReportScheduleUpdate['lang'])} disabled={!allowed} fullWidth>
            <MenuItem value={Locale.zhTW}>{t('language.zh-TW')}</MenuItem>
            <MenuItem value={Locale.en}>{t('language.en')}</MenuItem>
          </TextField>
          <TextField select label={t('scheduledReports.hour')} value={hour} onChange={(e) => setHour(Number(e.target.value))} disabled={!allowed} fullWidth>
            {Array.from({ length: 24 }, (_, h) => (
              <MenuItem key={h} value={h}>
                {`${String(h).padStart(2, '0')}:00`}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            type="number"
            label={t('scheduledReports.keepDays')}
            value={keepDays}
            onChange={(e) => setKeepDays(e.target.value)}
            disabled={!allowed}
            error={Boolean(errors.keep_days)}
            helperText={errors.keep_days ?? t('scheduledReports.keepDaysRange', { min: SCHEDULED_REPORT_KEEP_DAYS.min, max: SCHEDULED_REPORT_KEEP_DAYS.max })}
            slotProps={{ htmlInput: { min: SCHEDULED_REPORT_KEEP_DAYS.min, max: SCHEDULED_REPORT_KEEP_DAYS.max, step: 1, inputMode: 'numeric' } }}
            fullWidth
          />
        </Stack>
        {schedule.updated_at !== null && (
          <Typography variant="body2" color="text.secondary">
            {t('scheduledReports.updated', { at: formatDate(schedule.updated_at, i18n.language as Locale, 'dateTime'), name: schedule.updated_by_name ?? '' })}
          </Typography>
        )}
        <Button
          type="submit"
          variant="contained"
          disabled={save.isPending || !allowed}
          startIcon={save.isPending ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined}
          sx={{ alignSelf: 'flex-start' }}
        >
          {t('scheduledReports.save')}
        </Button>
      </Stack>
    </Paper>
  );
}

/** The reports kept for download, newest first; a row that is not ready has no download. */
function KeptReports() {
  const { t, i18n } = useTranslation();
  const locale = i18n.language as Locale;
  const kept = useQuery({
    queryKey: keptKey,
    queryFn: ({ signal }) => request(`${Resource.reportSchedule}/report`, { query: { per_page: 50 }, schema: keptPage, signal }),
  });
  const download = async (r: KeptReport) => {
    const blob = await request<Blob>(`${Resource.reportSchedule}/report/${r.id}`, { blob: true });
    downloadBlob(r.filename, blob);
  };
  const rows = kept.data?.list ?? [];
  return (
    <Stack spacing={1.5}>
      <Typography variant="h2" component="h2" sx={{ fontSize: '1.2rem' }}>
        {t('scheduledReports.kept')}
      </Typography>
      {kept.isError ? (
        <Alert severity="error">{t('scheduledReports.loadFailed')}</Alert>
      ) : !kept.data ? (
        <CircularProgress aria-label={t('shell.loadingPage')} />
      ) : !rows.length ? (
        <Typography color="text.secondary">{t('scheduledReports.noKept')}</Typography>
      ) : (
        <TableContainer component={Paper} variant="outlined">
          <Table size="small" aria-label={t('scheduledReports.kept')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('scheduledReports.period')}</TableCell>
                <TableCell>{t('scheduledReports.subject')}</TableCell>
                <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{t('scheduledReports.mailed')}</TableCell>
                <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>{t('scheduledReports.expires')}</TableCell>
                <TableCell>{t('scheduledReports.status')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((r) => (
                <TableRow key={r.id}>
                  <TableCell>
                    <Typography variant="body2">{t(`scheduledReports.kindShort.${r.kind}`)}</Typography>
                    <Typography variant="caption" color="text.secondary">
                      {formatDate(r.period_start, locale)} – {formatDate(r.period_end - 1, locale)}
                    </Typography>
                  </TableCell>
                  <TableCell>{r.subject_name ?? t('scheduledReports.wholeOrg')}</TableCell>
                  <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{r.mailed ?? '—'}</TableCell>
                  <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>{formatDate(r.expires_at, locale)}</TableCell>
                  <TableCell>
                    {r.status === 'ready' ? (
                      <Button size="small" onClick={() => void download(r)} aria-label={`${t('scheduledReports.download')} ${r.filename}`}>
                        {t('scheduledReports.download')}
                      </Button>
                    ) : (
                      t(`scheduledReports.statusValue.${r.status}`)
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Stack>
  );
}

/**
 * Scheduled reports (docs/reports.md "Scheduled reports"): the organisation's three schedules,
 * and the reports they made, kept for download for the set time.
 */
export default function ScheduledReportsPage() {
  const { t } = useTranslation();
  const allowed = usePermission('PUT', `${Resource.reportSchedule}/{kind}`);
  const schedules = useQuery({
    queryKey: schedulesKey,
    queryFn: ({ signal }) => request(Resource.reportSchedule, { schema: z.array(reportSchedule), signal }),
  });
  const mailOff = schedules.data?.some((s) => !s.mail_configured);
  return (
    <Stack spacing={3} sx={{ maxWidth: 960 }}>
      <Typography variant="h1" component="h1">
        {t('page.scheduled-reports')}
      </Typography>
      <Typography color="text.secondary">{t('scheduledReports.intro')}</Typography>
      {mailOff && <Alert severity="info">{t('scheduledReports.mailOff')}</Alert>}
      {schedules.isError ? (
        <Alert severity="error">{t('scheduledReports.loadFailed')}</Alert>
      ) : !schedules.data ? (
        <CircularProgress aria-label={t('shell.loadingPage')} />
      ) : (
        // Keyed by the saved version: a save (here or elsewhere) starts the form from what is stored.
        schedules.data.map((s) => <ScheduleForm key={`${s.kind}-${s.updated_at ?? 0}`} schedule={s} allowed={allowed} />)
      )}
      <KeptReports />
    </Stack>
  );
}
