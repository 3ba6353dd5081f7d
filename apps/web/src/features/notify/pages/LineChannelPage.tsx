import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { type LineChannelStatus, Resource, lineChannelRequest } from '@vigil/contracts';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { LeaveGuard } from '../../../components/form/LeaveGuard.tsx';
import { translateError } from '../../../components/form/translate-error.ts';
import { formatDate } from '../../../lib/format.ts';
import { localeStore } from '../../../lib/i18n.ts';
import { runtimeConfig } from '../../../lib/runtime-config.ts';
import { usePermission } from '../../../lib/session.ts';
import { useStore } from '../../../lib/store.ts';
import { LineLink } from '../../personal/index.ts';
import { useConnectLine, useDisconnectLine, useLineChannel } from '../api.ts';
import { type FieldErrors, issuesOf, serverIssuesOf } from '../field-errors.ts';

const formFields = ['access_token', 'channel_secret'];

/** The address LINE calls: the API's own origin (the console's when the API is served beside it). */
function webhookUrl(path: string): string {
  const base = runtimeConfig().apiBase;
  const origin = /^https?:\/\//.test(base) ? new URL(base).origin : window.location.origin;
  return new URL(path, origin).toString();
}

/**
 * Connecting the organisation's LINE Messaging API channel (docs/channels.md "LINE"): its access
 * token and channel secret are stored sealed and never shown again, only whether they are set; the
 * webhook address to enter in the LINE Developers console; how staff and family link their LINE user.
 */
export default function LineChannelPage() {
  const { t } = useTranslation();
  const { data, isError } = useLineChannel();
  return (
    <Stack spacing={3} sx={{ maxWidth: 760 }}>
      <Typography variant="h1" component="h1">
        {t('page.line-channel')}
      </Typography>
      {isError ? (
        <Alert severity="error">{t('lineChannel.loadFailed')}</Alert>
      ) : !data ? (
        <CircularProgress aria-label={t('shell.loadingPage')} />
      ) : (
        <>
          <ChannelForm key={JSON.stringify(data)} data={data} />
          <Webhook path={data.webhook_path} />
          <Linking connected={data.connected} />
        </>
      )}
    </Stack>
  );
}

function ChannelForm({ data }: { data: LineChannelStatus }) {
  const { t } = useTranslation();
  const locale = useStore(localeStore);
  const allowed = usePermission('PUT', Resource.lineChannel);
  const mayDisconnect = usePermission('DELETE', Resource.lineChannel);
  const connect = useConnectLine(formFields);
  const disconnect = useDisconnectLine();
  const [token, setToken] = useState('');
  const [secret, setSecret] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [confirming, setConfirming] = useState(false);
  const dirty = token !== '' || secret !== '';

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = lineChannelRequest.safeParse({ access_token: token.trim(), channel_secret: secret.trim().toLowerCase() });
    if (!parsed.success) return setErrors(issuesOf(parsed.error));
    setErrors({});
    try {
      await connect.mutateAsync(parsed.data);
    } catch (error) {
      setErrors(serverIssuesOf(error));
    }
  };
  const err = (field: string) => translateError(t, errors[field]);
  const setNote = t(data.connected ? 'lineChannel.isSet' : 'lineChannel.notSet');

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }}>
      <Stack component="form" spacing={2} noValidate onSubmit={submit} aria-label={t('lineChannel.connectTitle')}>
        <LeaveGuard dirty={dirty && !connect.isPending} />
        <Stack direction="row" spacing={1.5} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography variant="h2" component="h2">
            {t('lineChannel.connectTitle')}
          </Typography>
          <Chip
            data-testid="line-status"
            color={data.connected ? 'success' : 'default'}
            variant={data.connected ? 'filled' : 'outlined'}
            label={t(data.connected ? 'lineChannel.connected' : 'lineChannel.notConnected')}
          />
        </Stack>
        {data.connected && data.updated_at !== null && (
          <Typography variant="body2" color="text.secondary">
            {t('lineChannel.updated', { at: formatDate(data.updated_at, locale, 'dateTime') })}
          </Typography>
        )}
        <Typography color="text.secondary">{t(data.connected ? 'lineChannel.replaceIntro' : 'lineChannel.intro')}</Typography>
        <TextField
          label={t('lineChannel.token')}
          type="password"
          value={token}
          onChange={(e) => setToken(e.target.value)}
          disabled={!allowed}
          error={Boolean(err('access_token'))}
          helperText={err('access_token') ?? `${setNote} · ${t('lineChannel.tokenHelp')}`}
          slotProps={{ htmlInput: { autoComplete: 'off', spellCheck: false } }}
          fullWidth
        />
        <TextField
          label={t('lineChannel.secret')}
          type="password"
          value={secret}
          onChange={(e) => setSecret(e.target.value)}
          disabled={!allowed}
          error={Boolean(err('channel_secret'))}
          helperText={err('channel_secret') ?? `${setNote} · ${t('lineChannel.secretHelp')}`}
          slotProps={{ htmlInput: { autoComplete: 'off', spellCheck: false, maxLength: 32 } }}
          fullWidth
        />
        <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <Button
            type="submit"
            variant="contained"
            disabled={!allowed || !token || !secret || connect.isPending}
            startIcon={connect.isPending ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined}
          >
            {t(data.connected ? 'lineChannel.replace' : 'lineChannel.connect')}
          </Button>
          {data.connected && mayDisconnect && (
            <Button color="error" variant="outlined" onClick={() => setConfirming(true)}>
              {t('lineChannel.disconnect')}
            </Button>
          )}
        </Stack>
      </Stack>
      <ConfirmDialog
        open={confirming}
        title={t('lineChannel.disconnectTitle')}
        message={t('lineChannel.disconnectMessage')}
        confirmLabel={t('lineChannel.disconnect')}
        onConfirm={() => disconnect.mutateAsync()}
        onClose={() => setConfirming(false)}
      />
    </Paper>
  );
}

function Webhook({ path }: { path: string }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  const url = webhookUrl(path);
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }}>
      <Stack spacing={1.5}>
        <Typography variant="h2" component="h2">
          {t('lineChannel.webhookTitle')}
        </Typography>
        <Typography color="text.secondary">{t('lineChannel.webhookIntro')}</Typography>
        <TextField
          label={t('lineChannel.webhookUrl')}
          value={url}
          // On a phone the whole address stays readable: it wraps instead of scrolling out of sight.
          multiline
          sx={{ '& textarea': { wordBreak: 'break-all' } }}
          data-testid="line-webhook"
          slotProps={{
            htmlInput: { readOnly: true, spellCheck: false },
            input: {
              endAdornment: (
                <InputAdornment position="end">
                  <Tooltip title={t(copied ? 'lineChannel.copied' : 'lineChannel.copy')}>
                    <IconButton aria-label={t('lineChannel.copy')} onClick={() => void navigator.clipboard?.writeText(url).then(() => setCopied(true))} edge="end">
                      <ContentCopyIcon fontSize="small" />
                    </IconButton>
                  </Tooltip>
                </InputAdornment>
              ),
            },
          }}
          fullWidth
        />
        {!url.startsWith('https://') && <Alert severity="warning">{t('lineChannel.needsHttps')}</Alert>}
      </Stack>
    </Paper>
  );
}

/** How people link their LINE user: staff by a code from their personal page, family contacts by theirs. */
function Linking({ connected }: { connected: boolean }) {
  const { t } = useTranslation();
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }}>
      <Stack spacing={1.5}>
        <Typography variant="h2" component="h2">
          {t('lineChannel.linkTitle')}
        </Typography>
        <Typography color="text.secondary">
          {t('lineChannel.linkStaff')}{' '}
          <Link component={RouterLink} to="/personal">
            {t('page.personal')}
          </Link>
        </Typography>
        <Typography color="text.secondary">{t('lineChannel.linkFamily')}</Typography>
        {connected && <LineLink />}
      </Stack>
    </Paper>
  );
}
