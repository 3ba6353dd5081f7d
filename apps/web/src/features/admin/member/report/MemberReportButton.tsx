import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type Locale, type MemberRow, Resource } from '@vigil/contracts';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PermissionButton } from '../../../../components/PermissionButton.tsx';
import { DateRangePicker } from '../../../../components/date-range/DateRangePicker.tsx';
import { type DateRange, weekRange } from '../../../../components/date-range/date-range-rules.ts';
import { request } from '../../../../lib/http.ts';
import { localeStore } from '../../../../lib/i18n.ts';
import { notify } from '../../../../lib/notify.ts';
import { reportQuery } from './report-query.ts';

function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.appendChild(a);
  a.click();
  a.remove();
  URL.revokeObjectURL(url);
}

/**
 * The member page's "Report" button: a period (at most three months) and a language, then the PDF
 * made on the server, or the same sections as a printable page. The server builds the whole PDF
 * before the first byte, so the download shows an indeterminate bar and keeps the dialog open
 * (and its buttons disabled) until the file is saved or the failure is toasted.
 */
export function MemberReportButton({ member }: { member: MemberRow }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [range, setRange] = useState<DateRange>(() => weekRange());
  const [lang, setLang] = useState<Locale>(() => localeStore.get());
  const [busy, setBusy] = useState(false);
  const query = reportQuery(range, lang);

  const download = async () => {
    setBusy(true);
    try {
      const blob = await request<Blob>(`${Resource.user}/report/${member.id}`, { query, blob: true });
      saveBlob(blob, `${member.name}-${range.start.format('YYYYMMDD')}-${range.end.format('YYYYMMDD')}.pdf`);
      notify({ variant: 'success', key: 'report.downloaded' });
      setOpen(false);
    } catch {
      // request() has toasted the failure; the dialog stays open to try again.
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <PermissionButton
        method="GET"
        route={`${Resource.user}/{id}`}
        variant="outlined"
        onClick={() => setOpen(true)}
      >
        {t('report.button')}
      </PermissionButton>
      <Dialog
        open={open}
        onClose={() => !busy && setOpen(false)}
        fullWidth
        maxWidth="sm"
        aria-labelledby="member-report-title"
      >
        <DialogTitle id="member-report-title">
          {t('report.dialogTitle')}: {member.name}
        </DialogTitle>
        <DialogContent>
          <Stack spacing={2.5} sx={{ pt: 1 }}>
            <Stack spacing={1}>
              <FormLabel>{t('report.period')}</FormLabel>
              <DateRangePicker value={range} onChange={setRange} disabled={busy} />
            </Stack>
            <Stack spacing={0.5}>
              <FormLabel id="member-report-lang">{t('report.language')}</FormLabel>
              <RadioGroup
                row
                aria-labelledby="member-report-lang"
                value={lang}
                onChange={(e) => setLang(e.target.value as Locale)}
              >
                <FormControlLabel value="en" control={<Radio disabled={busy} />} label={t('language.en')} />
                <FormControlLabel
                  value="zh-TW"
                  control={<Radio disabled={busy} />}
                  label={t('language.zh-TW')}
                />
              </RadioGroup>
            </Stack>
            {busy && (
              <Stack spacing={1} role="status" aria-live="polite">
                <Typography variant="body2">{t('report.preparing')}</Typography>
                <LinearProgress />
              </Stack>
            )}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)} disabled={busy}>
            {t('common.cancel')}
          </Button>
          <Button
            disabled={busy}
            onClick={() =>
              navigate(
                `/member/info/${member.id}/report?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}`,
              )
            }
          >
            {t('report.print')}
          </Button>
          <Button variant="contained" disabled={busy} onClick={() => void download()}>
            {t('report.download')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
