import Backdrop from '@mui/material/Backdrop';
import CircularProgress from '@mui/material/CircularProgress';
import { useIsMutating } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useGlobalLoadingCount } from '../../lib/global-loading.ts';

/** Blocks the console during operations that must not be interrupted (logout, uploads). */
export function GlobalLoadingOverlay() {
  const { t } = useTranslation();
  const explicit = useGlobalLoadingCount();
  const mutations = useIsMutating({ predicate: (m) => m.options.meta?.globalLoading === true });
  const open = explicit + mutations > 0;
  return (
    <Backdrop open={open} sx={{ zIndex: (theme) => theme.zIndex.modal + 1, color: '#fff' }} data-testid="global-loading">
      {open && <CircularProgress color="inherit" aria-label={t('shell.busy')} />}
    </Backdrop>
  );
}
