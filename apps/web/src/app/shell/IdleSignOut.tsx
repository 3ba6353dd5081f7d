import { useEffect, useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { Resource } from '@vigil/contracts';
import { useTranslation } from 'react-i18next';
import { signOut } from '../../features/auth/index.ts';
import { request } from '../../lib/http.ts';
import { activityStore, idlePhase } from '../../lib/idle.ts';
import { runtimeConfig } from '../../lib/runtime-config.ts';
import { clearSession, useSession } from '../../lib/session.ts';
import { useStore } from '../../lib/store.ts';

const countdown = (ms: number) => {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
};

/** Ends the session where the server cannot see the user leave: revoked there too, then cleared here. */
function expire(): void {
  // The request takes the token now, before the session is cleared below.
  void request('/logout', { method: 'POST', silent: true }).catch(() => undefined);
  clearSession('idle');
}

/**
 * The idle sign-out the user sees coming: two minutes before the server's idle limit
 * (TOKEN_IDLE_MINUTES, from /config.js) a dialog counts down with "Stay signed in", which makes a
 * call so the server counts the session as used. At the limit the console signs out and returns
 * to sign-in; the session, its cached data and history go, the language and theme stay.
 */
export function IdleSignOut() {
  const { t } = useTranslation();
  const { token } = useSession();
  const lastUse = useStore(activityStore);
  const [now, setNow] = useState(() => Date.now());
  const [staying, setStaying] = useState(false);
  const idleMs = runtimeConfig().idleMinutes * 60_000;
  const state = token && lastUse !== null ? idlePhase(now, lastUse, idleMs) : null;

  useEffect(() => {
    if (!token || lastUse === null) return;
    const current = idlePhase(Date.now(), lastUse, idleMs);
    if (current.phase === 'expired') {
      expire();
      return;
    }
    // Wake at the next boundary, and every second while the countdown shows.
    const wait = current.phase === 'warning' ? Math.min(1000, current.expireAt - Date.now()) : current.warnAt - Date.now();
    const timer = setTimeout(() => setNow(Date.now()), Math.max(0, wait));
    return () => clearTimeout(timer);
  }, [token, lastUse, idleMs, now]);

  if (state?.phase !== 'warning') return null;

  const stay = async () => {
    setStaying(true);
    try {
      await request(Resource.personal);
    } catch {
      // The failure is toasted; a -1 has already signed the console out.
    } finally {
      setStaying(false);
    }
  };

  return (
    <Dialog open aria-labelledby="idle-title" aria-describedby="idle-body">
      <DialogTitle id="idle-title">{t('idle.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText id="idle-body" role="timer">
          {t('idle.body', { time: countdown(state.expireAt - now) })}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => void signOut()}>{t('idle.signOut')}</Button>
        <Button variant="contained" disabled={staying} onClick={() => void stay()} autoFocus>
          {t('idle.stay')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
