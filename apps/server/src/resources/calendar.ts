import { CARE_UTC_OFFSET_MINUTES, SECONDS_PER_DAY, localDayStart } from '@vigil/contracts';

/** A half-open window of unix seconds, [from, to). */
export type Window = { from: number; to: number };

/**
 * The local calendar day holding `t` (SPEC §3 `physical_date`): days are the organisation's wall
 * clock, the same offset the care rules use, so "the 26th" is the 26th in Taiwan whatever the
 * server's own time zone.
 */
export function localDay(t: number): Window {
  const from = localDayStart(t);
  return { from, to: from + SECONDS_PER_DAY };
}

/** The local calendar month `YYYYMM` (SPEC §3 `month`), on the same wall clock as `localDay`. */
export function localMonth(yyyymm: number): Window {
  const year = Math.floor(yyyymm / 100);
  const month = (yyyymm % 100) - 1;
  const offset = CARE_UTC_OFFSET_MINUTES * 60;
  const start = (y: number, m: number) => Date.UTC(y, m, 1) / 1000 - offset;
  return { from: start(year, month), to: start(year, month + 1) };
}
