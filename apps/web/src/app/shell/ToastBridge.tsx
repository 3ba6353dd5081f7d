import { useEffect, useRef } from 'react';
import { type SnackbarKey, useSnackbar } from 'notistack';
import { useTranslation } from 'react-i18next';
import { setToastSink } from '../../lib/notify.ts';

/**
 * Routes notify() calls to notistack, translated at the moment they are shown. A success closes the
 * error toasts still on screen: an error the user has since put right must not stay stacked above
 * the "Success" that says so.
 */
export function ToastBridge() {
  const { enqueueSnackbar, closeSnackbar } = useSnackbar();
  const { t } = useTranslation();
  const errors = useRef(new Set<SnackbarKey>());
  useEffect(() => {
    setToastSink((toast) => {
      if (toast.variant === 'success') {
        for (const key of errors.current) closeSnackbar(key);
        errors.current.clear();
      }
      const key = enqueueSnackbar(t(toast.key, toast.params), {
        variant: toast.variant,
        preventDuplicate: true,
        onExited: (_node, exited) => errors.current.delete(exited),
      });
      if (toast.variant === 'error') errors.current.add(key);
    });
    return () => setToastSink(null);
  }, [enqueueSnackbar, closeSnackbar, t]);
  return null;
}
