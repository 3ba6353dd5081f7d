import { type TimelineKind, type TimelinePage, timelinePage } from '@vigil/contracts';
import { request } from '../../lib/http.ts';

export type TimelineFilters = { kinds: TimelineKind[]; start_date?: number; end_date?: number };

export const timelineKeys = {
  member: (memberId: number) => ['timeline', memberId] as const,
  page: (memberId: number, f: TimelineFilters) => ['timeline', memberId, f] as const,
};

/** One page of GET /user/timeline/{id}, after `cursor` (the previous page's next_cursor). */
export function fetchTimeline(memberId: number, f: TimelineFilters, cursor: string | null, signal?: AbortSignal): Promise<TimelinePage> {
  return request(`/user/timeline/${memberId}`, {
    query: { kinds: f.kinds.length ? f.kinds.join(',') : undefined, start_date: f.start_date, end_date: f.end_date, cursor: cursor ?? undefined },
    schema: timelinePage,
    signal,
  });
}
