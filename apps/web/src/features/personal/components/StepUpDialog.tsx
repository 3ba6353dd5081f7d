import { useState, type FormEvent } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { ApiError, stepUpConfirmedStore, stepUpStore } from '../../../lib/http.ts';
import { notify } from '../../../lib/notify.ts';
import { useStore } from '../../../lib/store.ts';
import { useStepUp } from '../security-api.ts';

/**
 * Shown when the server asks for a step-up before changing roles, API groups or another person's
 * password, or exporting a list: the user gives their password again, then sends the change once
 * more (an export is sent again by itself, lib/export.ts).
 */
export function StepUpDialog() {
  const { t } = useTranslation();
  const open = useStore(stepUpStore);
  const stepUp = useStepUp();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    stepUpStore.set(false);
    setPassword('');
    setError(null);
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      await stepUp.mutateAsync(password);
      stepUpConfirmedStore.set((n) => n + 1);
      close();
      notify({ variant: 'success', key: 'stepUp.done' });
    } catch (e) {
      setError(e instanceof ApiError && e.errors[0] ? e.errors[0].message : 'error.system');
    }
  };
  return (
    <Dialog open={open} onClose={close} aria-labelledby="step-up-title" maxWidth="xs" fullWidth>
      <form onSubmit={submit} noValidate>
        <DialogTitle id="step-up-title">{t('stepUp.title')}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{t('stepUp.message')}</DialogContentText>
          <TextField
            autoFocus
            fullWidth
            type="password"
            label={t('login.password')}
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            error={Boolean(error)}
            helperText={error ? t(error) : undefined}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>{t('common.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={!password || stepUp.isPending}>
            {t('stepUp.confirm')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
