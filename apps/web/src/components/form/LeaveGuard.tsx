import { useEffect, useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

/**
 * Asks before a settings page's unsaved changes are lost. The console's router is declarative (no
 * data router, so no `useBlocker`): while `dirty`, a click on an in-app link is held and the
 * question shown, and leaving the tab or reloading gets the browser's own question.
 */
export function LeaveGuard({ dirty }: { dirty: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [target, setTarget] = useState<string | null>(null);

  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => event.preventDefault();
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
      if (!(link instanceof HTMLAnchorElement) || link.target === '_blank' || link.hasAttribute('download')) return;
      const url = new URL(link.href, window.location.href);
      if (url.origin !== window.location.origin) return;
      const next = url.pathname + url.search + url.hash;
      if (next === window.location.pathname + window.location.search + window.location.hash) return;
      event.preventDefault();
      event.stopPropagation();
      setTarget(next);
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    // Capture: the question comes before React Router's own link handler navigates.
    document.addEventListener('click', onClick, true);
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload);
      document.removeEventListener('click', onClick, true);
    };
  }, [dirty]);

  return (
    <Dialog open={target !== null} onClose={() => setTarget(null)} maxWidth="xs" aria-labelledby="leave-discard-title" aria-describedby="leave-discard-text">
      <DialogTitle id="leave-discard-title">{t('form.discardTitle')}</DialogTitle>
      <DialogContent>
        <DialogContentText id="leave-discard-text">{t('form.discardMessage')}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => setTarget(null)} autoFocus>
          {t('form.keepEditing')}
        </Button>
        <Button
          color="error"
          onClick={() => {
            const to = target;
            setTarget(null);
            if (to) void navigate(to);
          }}
        >
          {t('form.discard')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
