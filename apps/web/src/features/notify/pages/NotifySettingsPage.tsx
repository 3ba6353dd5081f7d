import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type NotifySettingsUpdate, type NotifySettingsView, Resource, notifyChannels, notifySettingsUpdate, notifyTestMailRequest } from '@vigil/contracts';
import { useTranslation } from 'react-i18next';
import { LeaveGuard } from '../../../components/form/LeaveGuard.tsx';
import { translateError } from '../../../components/form/translate-error.ts';
import { usePermission } from '../../../lib/session.ts';
import { useNotifySettings, useSaveNotifySettings, useTestMail } from '../api.ts';
import { type FieldErrors, issuesOf, serverIssuesOf } from '../field-errors.ts';

/** The form as typed: text everywhere, so an empty port is an empty field, not a zero. */
type Draft = { host: string; port: string; secure: boolean; user: string; password: string; from: string; lineBaseUrl: string; vapidSubject: string };

const draftOf = (d: NotifySettingsView): Draft => ({
  host: d.smtp_server?.host ?? '',
  port: d.smtp_server ? String(d.smtp_server.port) : '587',
  secure: d.smtp_server?.secure ?? false,
  user: d.smtp_server?.user ?? '',
  password: '',
  from: d.smtp.from,
  lineBaseUrl: d.line.base_url,
  vapidSubject: d.vapid.subject,
});

const smtpKeys = ['host', 'port', 'secure', 'user', 'password'] as const;
// Each field a -5 may name: shown beside it, so not toasted as well.
const formFields = ['smtp_server', 'smtp_server.host', 'smtp_server.port', 'smtp_server.user', 'smtp_server.password', 'smtp_from', 'line_base_url', 'vapid_subject'];

/** Only what changed is sent: an unchanged SMTP server is not checked again, a password left empty is kept. */
function changesOf(saved: Draft, draft: Draft, data: NotifySettingsView): NotifySettingsUpdate {
  const body: NotifySettingsUpdate = {};
  if (data.smtp.source !== 'env') {
    if (smtpKeys.some((k) => draft[k] !== saved[k])) {
      body.smtp_server = draft.host.trim()
        ? { host: draft.host.trim(), port: draft.port === '' ? Number.NaN : Number(draft.port), secure: draft.secure, user: draft.user.trim(), ...(draft.password && { password: draft.password }) }
        : null;
    }
    if (draft.from !== saved.from) body.smtp_from = draft.from.trim();
  }
  if (data.line.source !== 'env' && draft.lineBaseUrl !== saved.lineBaseUrl) body.line_base_url = draft.lineBaseUrl.trim();
  if (data.vapid.source !== 'env' && draft.vapidSubject !== saved.vapidSubject) body.vapid_subject = draft.vapidSubject.trim();
  return body;
}

/**
 * The operator's settings of the off-console channels (docs/notifications.md "Settings"): the SMTP
 * server, the LINE API's base address and the web push subject, each from its environment variable
 * when one is set (then shown read-only), and which channels are live. The SMTP server is checked
 * by the server before it is stored; a test mail shows the server's own answer.
 */
export default function NotifySettingsPage() {
  const { t } = useTranslation();
  const { data, isError } = useNotifySettings();
  return (
    <Stack spacing={3}>
      <Typography variant="h1" component="h1">
        {t('page.notify-settings')}
      </Typography>
      {isError ? (
        <Alert severity="error">{t('notifySettings.loadFailed')}</Alert>
      ) : !data ? (
        <CircularProgress aria-label={t('shell.loadingPage')} />
      ) : (
        // After a save the form starts again from what the server stored.
        <SettingsForm key={JSON.stringify(data)} data={data} />
      )}
    </Stack>
  );
}

function SettingsForm({ data }: { data: NotifySettingsView }) {
  const { t } = useTranslation();
  const allowed = usePermission('PUT', Resource.notifySettings);
  const save = useSaveNotifySettings(formFields);
  const [saved] = useState(() => draftOf(data));
  const [draft, setDraft] = useState(saved);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const body = changesOf(saved, draft, data);
  const dirty = Object.keys(body).length > 0;
  const set = (patch: Partial<Draft>) => setDraft({ ...draft, ...patch });

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setRefusal(null);
    const parsed = notifySettingsUpdate.safeParse(body);
    if (!parsed.success) return setErrors(issuesOf(parsed.error));
    setErrors({});
    try {
      await save.mutateAsync(parsed.data);
    } catch (error) {
      const found = serverIssuesOf(error);
      setErrors(found);
      if (found['smtp_server.host']?.startsWith('The SMTP server refused')) setRefusal(found['smtp_server.host']);
    }
  };

  const err = (path: string) => translateError(t, errors[path]);
  const envNote = (variable: string) => <Alert severity="info">{t('notifySettings.fromEnv', { variable })}</Alert>;
  const smtpEnv = data.smtp.source === 'env';

  return (
    <Stack component="form" spacing={3} noValidate onSubmit={submit} aria-label={t('page.notify-settings')} sx={{ maxWidth: 760 }}>
      <LeaveGuard dirty={dirty && !save.isPending} />
      <Typography color="text.secondary">{t('notifySettings.intro')}</Typography>
      <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }}>
        <Stack spacing={1.5}>
          <Typography variant="h2" component="h2">
            {t('notifySettings.liveTitle')}
          </Typography>
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }} data-testid="notify-live">
            {notifyChannels.map((channel) => {
              const live = data.live.includes(channel);
              return <Chip key={channel} color={live ? 'success' : 'default'} variant={live ? 'filled' : 'outlined'} label={`${t(`notify.channel.${channel}`)}: ${t(live ? 'notify.live' : 'notify.notLive')}`} />;
            })}
          </Stack>
        </Stack>
      </Paper>

      <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }}>
        <Stack spacing={2}>
          <Typography variant="h2" component="h2">
            {t('notifySettings.smtpTitle')}
          </Typography>
          {smtpEnv && envNote('SMTP_URL, SMTP_FROM')}
          {refusal && (
            <Alert severity="error" data-testid="smtp-refusal">
              {refusal}
            </Alert>
          )}
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField
              label={t('notifySettings.host')}
              value={draft.host}
              onChange={(e) => set({ host: e.target.value })}
              disabled={smtpEnv || !allowed}
              error={Boolean(err('smtp_server.host'))}
              helperText={err('smtp_server.host') ?? t('notifySettings.hostHelp')}
              slotProps={{ htmlInput: { autoComplete: 'off', spellCheck: false } }}
              fullWidth
            />
            <TextField
              label={t('notifySettings.port')}
              value={draft.port}
              onChange={(e) => set({ port: e.target.value.replace(/\D/g, '') })}
              disabled={smtpEnv || !allowed}
              error={Boolean(err('smtp_server.port'))}
              helperText={err('smtp_server.port')}
              slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 5 } }}
              sx={{ width: { sm: 140 } }}
            />
          </Stack>
          <FormControlLabel
            control={<Switch checked={draft.secure} onChange={(e) => set({ secure: e.target.checked, port: draft.port === (draft.secure ? '465' : '587') ? (e.target.checked ? '465' : '587') : draft.port })} />}
            label={t('notifySettings.secure')}
            disabled={smtpEnv || !allowed}
          />
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField
              label={t('notifySettings.user')}
              value={draft.user}
              onChange={(e) => set({ user: e.target.value })}
              disabled={smtpEnv || !allowed}
              error={Boolean(err('smtp_server.user'))}
              helperText={err('smtp_server.user') ?? t('notifySettings.userHelp')}
              slotProps={{ htmlInput: { autoComplete: 'off' } }}
              fullWidth
            />
            <TextField
              label={t('notifySettings.password')}
              type="password"
              value={draft.password}
              onChange={(e) => set({ password: e.target.value })}
              disabled={smtpEnv || !allowed || !draft.user}
              error={Boolean(err('smtp_server.password'))}
              helperText={err('smtp_server.password') ?? t(data.smtp_server?.password_set ? 'notifySettings.passwordSet' : 'notifySettings.passwordNotSet')}
              slotProps={{ htmlInput: { autoComplete: 'new-password' } }}
              fullWidth
            />
          </Stack>
          <TextField
            label={t('notifySettings.from')}
            value={draft.from}
            onChange={(e) => set({ from: e.target.value })}
            // The sender belongs to a server: without one there is nothing to send mail from.
            disabled={smtpEnv || !allowed || !draft.host.trim()}
            error={Boolean(err('smtp_from'))}
            helperText={err('smtp_from') ?? t('notifySettings.fromHelp')}
            fullWidth
          />
          <TestMail live={data.live.includes('email')} dirty={smtpKeys.some((k) => draft[k] !== saved[k]) || draft.from !== saved.from} />
        </Stack>
      </Paper>

      <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }}>
        <Stack spacing={2}>
          <Typography variant="h2" component="h2">
            {t('notifySettings.lineTitle')}
          </Typography>
          {data.line.source === 'env' && envNote('LINE_API_BASE, LINE_CHANNEL_TOKEN, LINE_CHANNEL_SECRET')}
          <TextField
            label={t('notifySettings.lineBaseUrl')}
            value={draft.lineBaseUrl}
            onChange={(e) => set({ lineBaseUrl: e.target.value })}
            disabled={data.line.source === 'env' || !allowed}
            error={Boolean(err('line_base_url'))}
            helperText={err('line_base_url') ?? t('notifySettings.lineBaseUrlHelp')}
            slotProps={{ htmlInput: { spellCheck: false, inputMode: 'url' } }}
            fullWidth
          />
        </Stack>
      </Paper>

      <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }}>
        <Stack spacing={2}>
          <Typography variant="h2" component="h2">
            {t('notifySettings.pushTitle')}
          </Typography>
          {data.vapid.source === 'env' && envNote('VAPID_SUBJECT')}
          <TextField
            label={t('notifySettings.vapidSubject')}
            value={draft.vapidSubject}
            onChange={(e) => set({ vapidSubject: e.target.value })}
            disabled={data.vapid.source === 'env' || !allowed}
            error={Boolean(err('vapid_subject'))}
            helperText={err('vapid_subject') ?? t('notifySettings.vapidSubjectHelp')}
            slotProps={{ htmlInput: { spellCheck: false } }}
            fullWidth
          />
        </Stack>
      </Paper>

      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <Button
          type="submit"
          variant="contained"
          disabled={!allowed || !dirty || save.isPending}
          startIcon={save.isPending ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined}
        >
          {t('common.save')}
        </Button>
        {dirty && (
          <Typography variant="body2" color="text.secondary">
            {t('notifySettings.unsaved')}
          </Typography>
        )}
      </Stack>
    </Stack>
  );
}

/** One mail sent now with the stored settings; the SMTP server's answer is shown as it gave it. */
function TestMail({ live, dirty }: { live: boolean; dirty: boolean }) {
  const { t } = useTranslation();
  const test = useTestMail();
  const [to, setTo] = useState('');
  const [error, setError] = useState<string | undefined>();
  const send = () => {
    const parsed = notifyTestMailRequest.safeParse({ to: to.trim() });
    if (!parsed.success) return setError('validation.invalidInput');
    setError(undefined);
    test.mutate(parsed.data.to);
  };
  return (
    <Stack spacing={1.5} sx={{ pt: 1 }}>
      <Typography variant="subtitle1" component="h3">
        {t('notifySettings.testTitle')}
      </Typography>
      {dirty && <Typography variant="body2" color="text.secondary">{t('notifySettings.testSavedOnly')}</Typography>}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'flex-start' } }}>
        <TextField
          size="small"
          type="email"
          label={t('notifySettings.testTo')}
          value={to}
          onChange={(e) => setTo(e.target.value)}
          error={Boolean(error)}
          helperText={translateError(t, error)}
          disabled={!live}
          sx={{ flex: 1 }}
        />
        <Button variant="outlined" onClick={send} disabled={!live || test.isPending || !to.trim()}>
          {t('notifySettings.testSend')}
        </Button>
      </Stack>
      {!live && <Typography variant="body2" color="text.secondary">{t('notifySettings.testNotLive')}</Typography>}
      {test.data && (
        <Alert severity={test.data.ok ? 'success' : 'error'} data-testid="test-mail-result">
          {test.data.ok ? t('notifySettings.testSent', { answer: test.data.message }) : t('notifySettings.testFailed', { answer: test.data.message })}
        </Alert>
      )}
    </Stack>
  );
}
