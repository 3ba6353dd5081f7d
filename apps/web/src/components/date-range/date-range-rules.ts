import dayjs, { type Dayjs } from 'dayjs';
import { DATE_RANGE_MAX_MONTHS, DATE_RANGE_WEEK_DAYS } from '@vigil/contracts';

export type DateRange = { start: Dayjs; end: Dayjs };
/** SPEC §5: three months by default; one week on the blood oxygen, pressure and temperature pages. */
export type RangeLimit = 'threeMonths' | 'week';

/** The last day a range starting on `start` may reach (inclusive), e.g. Jan 15 + 3 months − 1 day = Apr 14. */
export function lastAllowedDay(start: Dayjs, limit: RangeLimit): Dayjs {
  const span = limit === 'week' ? start.add(DATE_RANGE_WEEK_DAYS, 'day') : start.add(DATE_RANGE_MAX_MONTHS, 'month');
  return span.subtract(1, 'day').endOf('day');
}

/**
 * Every SPEC §5 date rule, applied in order to a range the user just edited:
 * 1. the start date cannot be in the future (it becomes today);
 * 2. the end date cannot be after today (it becomes the end of today);
 * 3. an end before the start is reset to the end of the start day;
 * 4. a range longer than the limit is cut to the start plus the limit, minus one day.
 */
export function normalizeRange(range: DateRange, limit: RangeLimit = 'threeMonths', now: Dayjs = dayjs()): DateRange {
  const today = now.startOf('day');
  let start = range.start.startOf('day');
  let end = range.end.endOf('day');
  if (start.isAfter(today)) start = today;
  if (end.isAfter(now.endOf('day'))) end = now.endOf('day');
  if (end.isBefore(start)) end = start.endOf('day');
  const last = lastAllowedDay(start, limit);
  if (end.isAfter(last)) end = last;
  return { start, end };
}

/** Quick choices of SPEC §2/§9: today, and the last 7 days ending today. */
export function todayRange(now: Dayjs = dayjs()): DateRange {
  return { start: now.startOf('day'), end: now.endOf('day') };
}

export function weekRange(now: Dayjs = dayjs()): DateRange {
  return { start: now.subtract(DATE_RANGE_WEEK_DAYS - 1, 'day').startOf('day'), end: now.endOf('day') };
}

/** SPEC §9: the monthly range is the last month, ending today. */
export function monthRange(now: Dayjs = dayjs()): DateRange {
  return { start: now.subtract(1, 'month').add(1, 'day').startOf('day'), end: now.endOf('day') };
}

/** Unix seconds for list queries (SPEC §3: dates are sent as unix seconds). */
export function rangeToQuery(range: DateRange): { start_date: number; end_date: number } {
  return { start_date: range.start.unix(), end_date: range.end.unix() };
}
