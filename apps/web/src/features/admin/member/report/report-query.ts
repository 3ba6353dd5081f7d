import type { Locale } from '@vigil/contracts';
import type { DateRange } from '../../../../components/date-range/date-range-rules.ts';

/** The report's query: the chosen days as unix seconds, the language, and the browser's offset from UTC. */
export function reportQuery(
  range: DateRange,
  lang: Locale,
): { from: number; to: number; lang: Locale; utc_offset: number } {
  return {
    from: range.start.unix(),
    to: range.end.unix(),
    lang,
    utc_offset: -range.start.toDate().getTimezoneOffset(),
  };
}
