import { useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { renderSVG } from 'uqr';
import type { TotpEnrolment } from '@vigil/contracts';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { InlineMessage } from '../../../components/InlineMessage.tsx';
import { PageLoader } from '../../../components/PageLoader.tsx';
import { ApiError } from '../../../lib/http.ts';
import { formatDate } from '../../../lib/format.ts';
import { localeStore } from '../../../lib/i18n.ts';
import { useStore } from '../../../lib/store.ts';
import {
  useAddPasskey,
  useConfirmTotp,
  useNewRecoveryCodes,
  useRemovePasskey,
  useRemoveTotp,
  useSecondFactor,
  useStartTotp,
} from '../security-api.ts';

/** The recovery codes, shown once: the only time they exist in clear. */
function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useTranslation();
  return (
    <Stack spacing={1.5}>
      <InlineMessage severity="info">{t('secondFactor.recoveryIntro')}</InlineMessage>
      <Box component="ul" aria-label={t('secondFactor.recoveryCodes')} sx={{ fontFamily: 'monospace', columns: 2, m: 0, pl: 3 }} data-testid="recovery-codes">
        {codes.map((c) => (
          <li key={c}>{c}</li>
        ))}
      </Box>
      <Button variant="contained" onClick={onDone} sx={{ alignSelf: 'flex-start' }}>
        {t('secondFactor.savedCodes')}
      </Button>
    </Stack>
  );
}

/** Scan the code (or type the key), then confirm with the app's first code. */
function TotpEnrol({ enrolment, onConfirmed }: { enrolment: TotpEnrolment; onConfirmed: (codes: string[]) => void }) {
  const { t } = useTranslation();
  const confirm = useConfirmTotp();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  // uqr draws the otpauth address as an SVG of its own making; nothing the user typed is in it.
  const qr = renderSVG(enrolment.uri, { border: 1 });
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      onConfirmed((await confirm.mutateAsync(code.trim())).recovery_codes);
    } catch (e) {
      setError(e instanceof ApiError && e.errors[0] ? 'secondFactor.wrongCode' : 'error.system');
    }
  };
  return (
    <Stack spacing={2} component="form" noValidate onSubmit={submit} aria-label={t('secondFactor.totpSetup')}>
      <Typography>{t('secondFactor.scan')}</Typography>
      <Box
        role="img"
        aria-label={t('secondFactor.qr')}
        sx={{ width: 200, height: 200, bgcolor: '#fff', p: 1, borderRadius: 1, '& svg': { width: '100%', height: '100%' } }}
        dangerouslySetInnerHTML={{ __html: qr }}
      />
      <Typography variant="body2" color="text.secondary">
        {t('secondFactor.key')}: <Box component="code" data-testid="totp-secret" sx={{ wordBreak: 'break-all' }}>{enrolment.secret}</Box>
      </Typography>
      <TextField
        label={t('secondFactor.code')}
        value={code}
        onChange={(e) => setCode(e.target.value)}
        inputMode="numeric"
        autoComplete="one-time-code"
        error={Boolean(error)}
        helperText={error ? t(error) : undefined}
        sx={{ maxWidth: 240 }}
      />
      <Button type="submit" variant="contained" disabled={!/^\d{6}$/.test(code.trim()) || confirm.isPending} sx={{ alignSelf: 'flex-start' }}>
        {t('secondFactor.confirm')}
      </Button>
    </Stack>
  );
}

/** Own second factors: an authenticator app with recovery codes, and passkeys. */
export default function SecondFactorPage() {
  const { t } = useTranslation();
  const locale = useStore(localeStore);
  const status = useSecondFactor();
  const start = useStartTotp();
  const removeTotp = useRemoveTotp();
  const newCodes = useNewRecoveryCodes();
  const addPasskey = useAddPasskey();
  const removePasskey = useRemovePasskey();
  const [enrolment, setEnrolment] = useState<TotpEnrolment | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [passkeyName, setPasskeyName] = useState('');
  const [removing, setRemoving] = useState<'totp' | { id: string; name: string } | null>(null);

  if (status.isPending || !status.data) return <PageLoader />;
  const data = status.data;
  const none = !data.totp && data.passkeys.length === 0;

  return (
    <Stack spacing={3}>
      <Typography variant="h1" component="h1">
        {t('page.second-factor')}
      </Typography>
      {data.required && none && <InlineMessage severity="info" testId="second-factor-required">{t('secondFactor.requiredNotice')}</InlineMessage>}
      <Typography color="text.secondary">{t('secondFactor.intro')}</Typography>

      <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 }, maxWidth: 640 }}>
        <Stack spacing={2}>
          <Typography variant="h2" component="h2">
            {t('secondFactor.totp')}
          </Typography>
          {codes ? (
            <RecoveryCodes codes={codes} onDone={() => setCodes(null)} />
          ) : data.totp ? (
            <>
              <Typography>{t('secondFactor.totpOn', { count: data.recovery_codes_left })}</Typography>
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
                <Button variant="outlined" onClick={async () => setCodes((await newCodes.mutateAsync()).recovery_codes)}>
                  {t('secondFactor.newCodes')}
                </Button>
                <Button variant="outlined" color="error" onClick={() => setRemoving('totp')}>
                  {t('secondFactor.removeTotp')}
                </Button>
              </Stack>
            </>
          ) : enrolment ? (
            <TotpEnrol
              enrolment={enrolment}
              onConfirmed={(recovery) => {
                setEnrolment(null);
                setCodes(recovery);
              }}
            />
          ) : (
            <Button variant="contained" onClick={async () => setEnrolment(await start.mutateAsync())} sx={{ alignSelf: 'flex-start' }}>
              {t('secondFactor.setUpTotp')}
            </Button>
          )}
        </Stack>
      </Paper>

      <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 }, maxWidth: 640 }}>
        <Stack spacing={2}>
          <Typography variant="h2" component="h2">
            {t('secondFactor.passkeys')}
          </Typography>
          <Typography color="text.secondary">{t('secondFactor.passkeysIntro')}</Typography>
          {data.passkeys.length > 0 && (
            <Stack component="ul" divider={<Divider flexItem />} spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label={t('secondFactor.passkeys')}>
              {data.passkeys.map((p) => (
                <Stack component="li" key={p.id} direction="row" spacing={2} sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
                  <Box>
                    <Typography sx={{ fontWeight: 600 }}>{p.name}</Typography>
                    <Typography variant="body2" color="text.secondary">
                      {t('secondFactor.added')}: {formatDate(p.created_at, locale, 'dateTime')}
                      {p.last_used_at !== null && ` · ${t('secondFactor.lastUsed')}: ${formatDate(p.last_used_at, locale, 'dateTime')}`}
                    </Typography>
                  </Box>
                  <Button color="error" onClick={() => setRemoving({ id: p.id, name: p.name })}>
                    {t('secondFactor.remove')}
                  </Button>
                </Stack>
              ))}
            </Stack>
          )}
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={1}
            component="form"
            noValidate
            onSubmit={async (event: FormEvent) => {
              event.preventDefault();
              await addPasskey.mutateAsync(passkeyName.trim());
              setPasskeyName('');
            }}
          >
            <TextField label={t('secondFactor.passkeyName')} value={passkeyName} onChange={(e) => setPasskeyName(e.target.value)} size="small" slotProps={{ htmlInput: { maxLength: 60 } }} />
            <Button type="submit" variant="contained" disabled={!passkeyName.trim() || addPasskey.isPending}>
              {t('secondFactor.addPasskey')}
            </Button>
          </Stack>
          {addPasskey.isError && !(addPasskey.error instanceof ApiError) && <InlineMessage severity="error">{t('secondFactor.passkeyFailed')}</InlineMessage>}
        </Stack>
      </Paper>

      <ConfirmDialog
        open={removing !== null}
        title={removing === 'totp' ? t('secondFactor.removeTotp') : t('secondFactor.remove')}
        message={removing === 'totp' ? t('secondFactor.removeTotpMessage') : t('secondFactor.removePasskeyMessage', { name: removing?.name ?? '' })}
        confirmLabel={t('secondFactor.remove')}
        onConfirm={() => (removing === 'totp' ? removeTotp.mutateAsync() : removePasskey.mutateAsync(removing?.id ?? ''))}
        onClose={() => setRemoving(null)}
      />
    </Stack>
  );
}
