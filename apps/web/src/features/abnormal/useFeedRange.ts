import { useMemo } from 'react';
import { monthRange, rangeToQuery } from '../../components/date-range/date-range-rules.ts';
import type { FeedRange } from './feed.ts';

/**
 * The feed's initial list covers the last month up to the end of today: unhandled alerts older
 * than that belong to the abnormal log, not to a live feed. Fixed per mount so a re-render does
 * not reload the list.
 */
export function useFeedRange(): FeedRange {
  return useMemo(() => rangeToQuery(monthRange()), []);
}
