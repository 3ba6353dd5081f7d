import LinearProgress from '@mui/material/LinearProgress';
import { useIsFetching } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useRoutePending } from '../../lib/route-pending.ts';

/** A query fetching its first answer: the page it belongs to has nothing to show yet. */
const firstLoad = { predicate: (query: { state: { data: unknown } }) => query.state.data === undefined };

/**
 * Thin bar along the top edge of the app bar while the next page loads: its code (a navigation
 * waiting in a transition) or its first data. Rendered only while loading, so a settled page has no
 * progressbar in it.
 */
export function RouteProgress() {
  const { t } = useTranslation();
  const pending = useRoutePending();
  const fetching = useIsFetching(firstLoad) > 0;
  if (!pending && !fetching) return null;
  return (
    <LinearProgress
      aria-label={t('shell.loadingNext')}
      data-testid="route-progress"
      sx={{ position: 'absolute', top: 0, left: 0, right: 0, height: 3 }}
    />
  );
}
