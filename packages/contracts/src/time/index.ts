/**
 * SPEC §3: every time on the wire is unix seconds; in code a time is a `Date`. These are the only
 * conversions between the two, shared by server, web, tests and benchmarks.
 */

/** Unix seconds of a date (whole seconds, rounded down). */
export function toUnix(date: Date): number {
  return Math.floor(date.getTime() / 1000);
}

/** The date of unix seconds. */
export function fromUnix(seconds: number): Date {
  return new Date(seconds * 1000);
}

/** `toUnix` of a nullable date. */
export function toUnixOrNull(date: Date | null | undefined): number | null {
  return date ? toUnix(date) : null;
}

/** The present as unix seconds. */
export function nowUnix(): number {
  return Math.floor(Date.now() / 1000);
}

export const SECONDS_PER_DAY = 86_400;
