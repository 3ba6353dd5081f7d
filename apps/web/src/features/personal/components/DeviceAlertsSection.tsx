import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/format.ts';
import { localeStore } from '../../../lib/i18n.ts';
import { NotificationsDenied, pushSupported } from '../../../lib/push.ts';
import { useStore } from '../../../lib/store.ts';
import { describeDevice } from '../user-agent.ts';
import { useEnablePush, useLineCode, useLineLink, usePushOverview, useRemovePush, useUnlinkLine } from '../channels-api.ts';

/** Web push on this and other devices of the signed-in person (issue 27). */
function PushDevices() {
  const { t } = useTranslation();
  const locale = useStore(localeStore);
  const overview = usePushOverview();
  const enable = useEnablePush();
  const remove = useRemovePush();
  const supported = pushSupported();
  const data = overview.data;
  const denied = enable.error instanceof NotificationsDenied || (supported && Notification.permission === 'denied');

  return (
    <Stack spacing={1.5}>
      <Typography variant="h2" component="h2" sx={{ fontSize: '1.1rem' }}>
        {t('channels.push.title')}
      </Typography>
      <Typography color="text.secondary">{t('channels.push.intro')}</Typography>
      {data && data.expired.length > 0 && (
        <Alert severity="warning" action={<Button onClick={() => remove.mutate('expired')}>{t('channels.push.dismiss')}</Button>}>
          {t('channels.push.expired', { devices: data.expired.map((e) => describeDevice(e.label) ?? e.label).join(', ') })}
        </Alert>
      )}
      {!supported && <Alert severity="info">{t('channels.push.unsupported')}</Alert>}
      {denied && <Alert severity="warning">{t('channels.push.denied')}</Alert>}
      {enable.isError && !denied && <Alert severity="error">{t('channels.push.failed')}</Alert>}
      <div>
        <Button
          variant="contained"
          disabled={!supported || !data || enable.isPending}
          onClick={() => data && enable.mutate({ publicKey: data.public_key, label: describeDevice(navigator.userAgent) ?? t('sessions.unknownDevice') })}
        >
          {t('channels.push.enable')}
        </Button>
      </div>
      <Stack component="ul" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label={t('channels.push.devices')}>
        {(data?.devices ?? []).map((d) => (
          <Paper component="li" key={d.id} variant="outlined" sx={{ p: 1.5 }} data-testid="push-device">
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}>
              <Stack spacing={0.5}>
                <Typography sx={{ fontWeight: 600 }}>{d.label}</Typography>
                <Typography variant="body2" color="text.secondary">
                  {t('channels.push.since')}: {formatDate(d.created_at, locale, 'dateTime')}
                  {d.last_success_at !== null && ` · ${t('channels.push.lastSent')}: ${formatDate(d.last_success_at, locale, 'dateTime')}`}
                </Typography>
              </Stack>
              <Button variant="outlined" onClick={() => remove.mutate(d.id)} sx={{ alignSelf: { xs: 'flex-start', sm: 'center' } }}>
                {t('channels.push.remove')}
              </Button>
            </Stack>
          </Paper>
        ))}
      </Stack>
      {data && data.devices.length === 0 && <Typography color="text.secondary">{t('channels.push.none')}</Typography>}
    </Stack>
  );
}

/** Linking one's LINE user to the organisation's LINE bot by a one-time code. */
export function LineLink() {
  const { t } = useTranslation();
  const locale = useStore(localeStore);
  const status = useLineLink();
  const issue = useLineCode();
  const unlink = useUnlinkLine();
  const data = status.data;
  if (!data) return null;
  return (
    <Stack spacing={1.5}>
      <Typography variant="h2" component="h2" sx={{ fontSize: '1.1rem' }}>
        {t('channels.line.title')}
      </Typography>
      {!data.channel_connected ? (
        <Typography color="text.secondary">{t('channels.line.notConnected')}</Typography>
      ) : data.linked ? (
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          <Chip color="success" label={t('channels.line.linked')} />
          <Button variant="outlined" onClick={() => unlink.mutate()}>
            {t('channels.line.unlink')}
          </Button>
        </Stack>
      ) : (
        <Stack spacing={1}>
          <Typography color="text.secondary">{t('channels.line.intro')}</Typography>
          {data.code && data.code_expires_at !== null && (
            <Typography data-testid="line-code">
              {t('channels.line.code')}: <strong style={{ letterSpacing: '0.15em', fontSize: '1.2em' }}>{data.code}</strong> ({t('channels.line.until', { time: formatDate(data.code_expires_at, locale, 'dateTime') })})
            </Typography>
          )}
          <div>
            <Button variant="outlined" onClick={() => issue.mutate()} disabled={issue.isPending}>
              {t('channels.line.getCode')}
            </Button>
          </div>
        </Stack>
      )}
    </Stack>
  );
}

/** The personal page's section on being reached off the console. */
export function DeviceAlertsSection() {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} component="section">
      <Stack spacing={3}>
        <PushDevices />
        <LineLink />
      </Stack>
    </Paper>
  );
}
