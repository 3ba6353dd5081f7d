import { type FormEvent, type ReactNode, useId, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ValidationMessage, isValidLoginField } from '@vigil/contracts/rules';
import { ErrorCode } from '@vigil/contracts/errors';
import { InlineMessage } from '../../../components/InlineMessage.tsx';
import { LanguageButtons } from '../../../components/LanguageButtons.tsx';
import { Logo } from '../../../components/Logo.tsx';
import { ThemeToggle } from '../../../components/ThemeToggle.tsx';
import { VisibilityGlyph, VisibilityOffGlyph } from '../../../components/glyphs.tsx';
import { ApiError } from '../../../lib/http.ts';
import { sessionEndStore } from '../../../lib/session.ts';
import { useStore } from '../../../lib/store.ts';
import { type Credentials, type SecondStep, signIn, signInWithCode, signInWithPasskey } from '../api.ts';

type Field = keyof Credentials;
type FieldErrors = Partial<Record<Field, string>>;

/** SPEC §5: each field 1–20 characters without special characters, else the generic message. */
export function validateCredentials(values: Credentials): FieldErrors {
  const errors: FieldErrors = {};
  for (const field of ['account', 'password'] as const) {
    if (!isValidLoginField(values[field])) errors[field] = ValidationMessage.invalidInput;
  }
  return errors;
}

/**
 * Built from MUI's input parts rather than TextField: TextField bundles Select (and with it
 * Popover and Modal), which this page never uses and whose weight the sign-in budget cannot carry.
 */
function LoginField(props: {
  field: Field;
  value: string;
  error?: string;
  onChange: (value: string) => void;
  type?: string;
  autoComplete: string;
  autoFocus?: boolean;
  endAdornment?: ReactNode;
}) {
  const { t } = useTranslation();
  const id = useId();
  const helperId = `${id}-helper`;
  return (
    // `required` sits on the input, not the FormControl: the label stays the plain word (no
    // asterisk), which is what screen readers and the e2e specs look the field up by.
    <FormControl fullWidth error={Boolean(props.error)} variant="outlined">
      <InputLabel htmlFor={id}>{t(`login.${props.field}`)}</InputLabel>
      <OutlinedInput
        id={id}
        name={props.field}
        label={t(`login.${props.field}`)}
        type={props.type ?? 'text'}
        value={props.value}
        autoComplete={props.autoComplete}
        autoFocus={props.autoFocus}
        required
        onChange={(e) => props.onChange(e.target.value)}
        aria-describedby={props.error ? helperId : undefined}
        endAdornment={props.endAdornment}
      />
      {props.error && <FormHelperText id={helperId}>{t(props.error)}</FormHelperText>}
    </FormControl>
  );
}

export default function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const ended = useStore(sessionEndStore);
  const [values, setValues] = useState<Credentials>({ account: '', password: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const [showPassword, setShowPassword] = useState(false);
  const [secondStep, setSecondStep] = useState<SecondStep | null>(null);
  const [code, setCode] = useState('');

  /** Runs a sign-in call; on success opens the console, else shows why inline. */
  async function attempt(call: () => Promise<SecondStep | null | void>) {
    setFailure(null);
    setLoading(true);
    try {
      const next = await call();
      if (next) {
        setSecondStep(next);
        setLoading(false);
        return;
      }
      navigate('/', { replace: true });
    } catch (error) {
      // The browser's own passkey prompt was cancelled or failed: not a server answer.
      if (secondStep && error instanceof ApiError && error.code === ErrorCode.loginFailed) setFailure('login.secondFactor.wrongCode');
      else setFailure(error instanceof ApiError ? error.messageKey : error instanceof Error && error.name !== 'Error' ? 'login.secondFactor.passkeyFailed' : 'error.system');
      setLoading(false);
    }
  }

  function submitCode(event: FormEvent) {
    event.preventDefault();
    if (!secondStep || !/^(\d{6}|[a-z0-9]{5}-[a-z0-9]{5})$/i.test(code.trim())) {
      setFailure('login.secondFactor.codeInvalid');
      return;
    }
    void attempt(() => signInWithCode(secondStep.token, code.trim()));
  }

  const change = (field: Field) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    // Re-check a field the user is correcting so the message disappears as soon as it is valid.
    if (errors[field]) setErrors((e) => ({ ...e, [field]: validateCredentials({ ...values, [field]: value })[field] }));
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = validateCredentials(values);
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length > 0) return;
    setLoading(true);
    try {
      const next = await signIn(values);
      if (next) {
        setSecondStep(next);
        setLoading(false);
        return;
      }
      navigate('/', { replace: true });
    } catch (error) {
      if (error instanceof ApiError && error.code === ErrorCode.validationFailed && error.errors.length > 0) {
        const fromServer: FieldErrors = {};
        for (const e of error.errors) if (e.field === 'account' || e.field === 'password') fromServer[e.field] = e.message;
        setErrors(fromServer);
        if (Object.keys(fromServer).length === 0) setFailure(error.messageKey);
      } else {
        setFailure(error instanceof ApiError ? error.messageKey : 'error.system');
      }
      setLoading(false);
    }
  }

  return (
    <Box component="main" sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}>
      <Stack direction="row" sx={{ justifyContent: 'flex-end', alignItems: 'center', p: 1.5, gap: 1, color: 'text.primary' }}>
        <LanguageButtons />
        <ThemeToggle />
      </Stack>
      <Box sx={{ flex: 1, display: 'grid', placeItems: 'center', px: 2, pb: 8 }}>
        <Paper variant="outlined" sx={{ width: '100%', maxWidth: 400, p: { xs: 3, sm: 4 } }}>
          <Stack spacing={3} component="form" noValidate onSubmit={secondStep ? submitCode : submit} aria-labelledby="login-title">
            <Stack spacing={1.5} sx={{ alignItems: 'center' }}>
              <Logo size={40} />
              <Typography variant="body2" color="text.secondary">
                {t('app.tagline')}
              </Typography>
              <Typography id="login-title" variant="h1" component="h1">
                {t('login.title')}
              </Typography>
            </Stack>
            {ended === 'expired' && !failure && <InlineMessage severity="info">{t('login.sessionExpired')}</InlineMessage>}
            {ended === 'idle' && !failure && <InlineMessage severity="info">{t('idle.expired')}</InlineMessage>}
            {failure && (
              <InlineMessage severity="error" testId="login-error">
                {t(failure)}
              </InlineMessage>
            )}
            {secondStep ? (
              <>
                <Typography>{t('login.secondFactor.prompt')}</Typography>
                {secondStep.methods.includes('totp') && (
                  <>
                    <FormControl fullWidth variant="outlined">
                      <InputLabel htmlFor="login-code">{t('login.secondFactor.code')}</InputLabel>
                      <OutlinedInput
                        id="login-code"
                        name="code"
                        label={t('login.secondFactor.code')}
                        value={code}
                        onChange={(e) => setCode(e.target.value)}
                        autoComplete="one-time-code"
                        inputMode="text"
                        autoFocus
                        required
                      />
                      <FormHelperText>{t('login.secondFactor.codeHelp')}</FormHelperText>
                    </FormControl>
                    <Button type="submit" variant="contained" size="large" disabled={loading}>
                      {t('login.secondFactor.verify')}
                    </Button>
                  </>
                )}
                {secondStep.methods.includes('passkey') && (
                  <Button variant="outlined" size="large" disabled={loading} onClick={() => void attempt(() => signInWithPasskey(secondStep.token))}>
                    {t('login.secondFactor.usePasskey')}
                  </Button>
                )}
                <Button
                  onClick={() => {
                    setSecondStep(null);
                    setCode('');
                    setFailure(null);
                  }}
                >
                  {t('login.secondFactor.back')}
                </Button>
              </>
            ) : (
              <>
                <LoginField field="account" value={values.account} error={errors.account} onChange={change('account')} autoComplete="username" autoFocus />
                <LoginField
                  field="password"
                  value={values.password}
                  error={errors.password}
                  onChange={change('password')}
                  type={showPassword ? 'text' : 'password'}
                  autoComplete="current-password"
                  endAdornment={
                    <InputAdornment position="end">
                      <IconButton
                        edge="end"
                        onClick={() => setShowPassword((s) => !s)}
                        aria-label={showPassword ? t('login.hidePassword') : t('login.showPassword')}
                      >
                        {showPassword ? <VisibilityOffGlyph /> : <VisibilityGlyph />}
                      </IconButton>
                    </InputAdornment>
                  }
                />
                <Button
                  type="submit"
                  variant="contained"
                  size="large"
                  disabled={loading}
                  startIcon={loading ? <CircularProgress size={18} color="inherit" aria-hidden /> : undefined}
                >
                  {t('login.submit')}
                </Button>
                <Button variant="outlined" size="large" disabled={loading} onClick={() => void attempt(() => signInWithPasskey())}>
                  {t('login.secondFactor.withPasskey')}
                </Button>
              </>
            )}
          </Stack>
        </Paper>
      </Box>
    </Box>
  );
}
