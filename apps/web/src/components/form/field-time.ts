import dayjs from 'dayjs';

/**
 * The one place where a form's times meet the browser's pickers. Fields hold what the contracts
 * hold: `date` and `datetime` unix seconds, `time` minutes after midnight (a care home's daily
 * time); the inputs show and give text (`YYYY-MM-DD`, `YYYY-MM-DDTHH:mm`, `HH:mm`).
 */
export type TimeKind = 'date' | 'datetime' | 'time';

/**
 * A `date` is a day in the browser's zone unless the field names another: a care home's days are
 * the home's (its UTC offset in minutes), whatever zone the browser is in, as its scheduler counts them.
 */
export type DayZone = { utcOffsetMinutes?: number };

const pad = (n: number) => String(n).padStart(2, '0');

/** The input's text for a held value; '' when there is none. */
export function timeText(kind: TimeKind, value: unknown, zone: DayZone = {}): string {
  if (typeof value !== 'number' || !Number.isFinite(value)) return '';
  if (kind === 'time') return `${pad(Math.floor(value / 60))}:${pad(value % 60)}`;
  if (kind === 'datetime') return dayjs.unix(value).format('YYYY-MM-DDTHH:mm');
  if (zone.utcOffsetMinutes === undefined) return dayjs.unix(value).format('YYYY-MM-DD');
  return new Date((value + zone.utcOffsetMinutes * 60) * 1000).toISOString().slice(0, 10);
}

/** The held value for the input's text; null when it is empty (cleared) or not a whole entry. */
export function timeValue(kind: TimeKind, text: string, zone: DayZone = {}): number | null {
  if (kind === 'time') {
    const m = /^(\d{2}):(\d{2})$/.exec(text);
    return m ? Number(m[1]) * 60 + Number(m[2]) : null;
  }
  if (kind === 'datetime') return /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(text) ? dayjs(text).unix() : null;
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!m) return null;
  if (zone.utcOffsetMinutes === undefined) return dayjs(text).unix();
  return Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) / 1000 - zone.utcOffsetMinutes * 60;
}

/** Now, as a `datetime` field holds it (whole minutes, as the picker shows). */
export const nowSeconds = () => dayjs().startOf('minute').unix();

/** Today, as a `date` field in the browser's zone holds it (local midnight). */
export const todaySeconds = () => dayjs().startOf('day').unix();
