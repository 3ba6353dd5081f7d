import { useState } from 'react';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { SessionItem } from '@vigil/contracts';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { PageLoader } from '../../../components/PageLoader.tsx';
import { formatDate } from '../../../lib/format.ts';
import { localeStore } from '../../../lib/i18n.ts';
import { useStore } from '../../../lib/store.ts';
import { useEndSessions, useSessions } from '../security-api.ts';
import { describeDevice } from '../user-agent.ts';

/** Where the user is signed in, each with "sign out", and "sign out everywhere else". */
export default function SessionsPage() {
  const { t } = useTranslation();
  const locale = useStore(localeStore);
  const sessions = useSessions();
  const end = useEndSessions();
  const [confirming, setConfirming] = useState<SessionItem | 'others' | null>(null);
  const others = (sessions.data ?? []).filter((s) => !s.current);

  return (
    <Stack spacing={3}>
      <Typography variant="h1" component="h1">
        {t('page.sessions')}
      </Typography>
      <Typography color="text.secondary">{t('sessions.intro')}</Typography>
      <div>
        <Button variant="outlined" color="error" disabled={others.length === 0} onClick={() => setConfirming('others')}>
          {t('sessions.endOthers')}
        </Button>
      </div>
      {sessions.isPending ? (
        <PageLoader />
      ) : (
        <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label={t('page.sessions')}>
          {(sessions.data ?? []).map((s) => (
            <Paper component="li" key={s.id} variant="outlined" sx={{ p: 2 }} data-testid="session-row">
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}>
                <Stack spacing={0.5}>
                  <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                    <Typography sx={{ fontWeight: 600 }}>{describeDevice(s.user_agent) ?? t('sessions.unknownDevice')}</Typography>
                    {s.current && <Chip size="small" color="primary" label={t('sessions.current')} />}
                  </Stack>
                  <Typography variant="body2" color="text.secondary">
                    {t('sessions.address')}: {s.ip ?? '-'}
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    {t('sessions.signedIn')}: {formatDate(s.created_at, locale, 'dateTime')} · {t('sessions.lastSeen')}: {formatDate(s.last_seen_at, locale, 'dateTime')}
                  </Typography>
                </Stack>
                {!s.current && (
                  <Button variant="outlined" onClick={() => setConfirming(s)} sx={{ alignSelf: { xs: 'flex-start', sm: 'center' } }}>
                    {t('sessions.end')}
                  </Button>
                )}
              </Stack>
            </Paper>
          ))}
        </Stack>
      )}
      <ConfirmDialog
        open={confirming !== null}
        title={confirming === 'others' ? t('sessions.endOthers') : t('sessions.end')}
        message={confirming === 'others' ? t('sessions.endOthersMessage') : t('sessions.endMessage')}
        confirmLabel={confirming === 'others' ? t('sessions.endOthers') : t('sessions.end')}
        onConfirm={() => end.mutateAsync(confirming === 'others' ? 'others' : (confirming?.id ?? ''))}
        onClose={() => setConfirming(null)}
      />
    </Stack>
  );
}
