import type { ReactNode } from 'react';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';

/**
 * A page form's submit button: a spinner in place of its icon while the form is being sent, so the
 * user sees the save is under way and cannot send it twice.
 */
export function SubmitButton({ busy, disabled = false, children }: { busy: boolean; disabled?: boolean; children: ReactNode }) {
  return (
    <Button
      type="submit"
      variant="contained"
      disabled={busy || disabled}
      startIcon={busy ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined}
      sx={{ alignSelf: 'flex-start' }}
    >
      {children}
    </Button>
  );
}
