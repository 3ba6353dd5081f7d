import { useState } from 'react';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslation } from 'react-i18next';

type Props = {
  open: boolean;
  /** Defaults to the delete wording; the dialog is mostly used before deleting a row. */
  title?: string;
  message?: string;
  confirmLabel?: string;
  /** Resolve to close; a rejection keeps the dialog open (the http client already showed the error). */
  onConfirm: () => Promise<unknown>;
  onClose: () => void;
};

export function ConfirmDialog({ open, title, message, confirmLabel, onConfirm, onClose }: Props) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    try {
      await onConfirm();
      onClose();
    } catch {
      /* stays open so the user can retry or cancel */
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open={open} onClose={busy ? undefined : onClose} aria-labelledby="confirm-title" aria-describedby="confirm-message" maxWidth="xs" fullWidth>
      <DialogTitle id="confirm-title">{title ?? t('confirm.deleteTitle')}</DialogTitle>
      <DialogContent>
        <DialogContentText id="confirm-message">{message ?? t('confirm.deleteMessage')}</DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={busy} color="inherit" autoFocus>
          {t('common.cancel')}
        </Button>
        <Button
          onClick={() => void confirm()}
          disabled={busy}
          color="error"
          variant="contained"
          startIcon={busy ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined}
        >
          {confirmLabel ?? t('common.delete')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
