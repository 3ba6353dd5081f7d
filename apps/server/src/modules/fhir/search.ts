import { MAX_PER_PAGE } from '@vigil/contracts';
import { badRequest, notSupported } from './outcome.ts';

// FHIR search parameters as Vigil reads them (docs/fhir.md "Search"): each resource type declares
// the parameters it takes, and anything else is refused (strict handling).

export const DEFAULT_COUNT = 100;
/** Bundles hold at most this many entries: the REST lists' own page limit. */
export const MAX_COUNT = MAX_PER_PAGE;

/** An inclusive range of unix seconds; either end open. */
export type SecondsRange = { from?: number; to?: number };

const DATE =
  /^(\d{4})(?:-(\d{2})(?:-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(Z|[+-]\d{2}:\d{2})?)?)?)?$/;
const PREFIX = /^(eq|ne|gt|lt|ge|le|sa|eb|ap)?(.*)$/;

/** The seconds a FHIR date, dateTime or instant covers: a year, a month, a day, a minute or a second. */
export function dateRange(text: string, name: string): { lo: number; hi: number } {
  const m = DATE.exec(text);
  if (!m)
    throw badRequest(
      `${name}: '${text}' is not a FHIR date (YYYY, YYYY-MM, YYYY-MM-DD or YYYY-MM-DDThh:mm[:ss][Z|±hh:mm])`,
      name,
    );
  const [, y, mo, d, h, mi, s, zone] = m;
  if (h !== undefined && zone === undefined)
    throw badRequest(`${name}: a time needs its zone (Z or ±hh:mm)`, name);
  const year = Number(y);
  const month = mo === undefined ? 1 : Number(mo);
  const day = d === undefined ? 1 : Number(d);
  const offsetMinutes =
    zone === undefined || zone === 'Z'
      ? 0
      : (zone.startsWith('-') ? -1 : 1) * (Number(zone.slice(1, 3)) * 60 + Number(zone.slice(4, 6)));
  const startMs =
    Date.UTC(year, month - 1, day, Number(h ?? 0), Number(mi ?? 0), Number(s ?? 0)) - offsetMinutes * 60_000;
  const start = new Date(startMs + offsetMinutes * 60_000);
  // Date.UTC rolls 2026-02-30 over into March: a date that does not exist is refused, not moved.
  const clockOutOfRange = Number(h ?? 0) > 23 || Number(mi ?? 0) > 59 || Number(s ?? 0) > 59;
  if (
    clockOutOfRange ||
    start.getUTCFullYear() !== year ||
    start.getUTCMonth() !== month - 1 ||
    start.getUTCDate() !== day
  ) {
    throw badRequest(`${name}: '${text}' is not a date that exists`, name);
  }
  const next = new Date(startMs);
  if (mo === undefined) next.setUTCFullYear(next.getUTCFullYear() + 1);
  else if (d === undefined) next.setUTCMonth(next.getUTCMonth() + 1);
  else if (h === undefined) next.setUTCDate(next.getUTCDate() + 1);
  else if (s === undefined) next.setUTCMinutes(next.getUTCMinutes() + 1);
  else next.setUTCSeconds(next.getUTCSeconds() + 1);
  return { lo: Math.floor(startMs / 1000), hi: Math.floor(next.getTime() / 1000) - 1 };
}

/**
 * Narrows `range` by one date parameter value (`ge2026-11-20`, `lt2026-11-27T00:00:00Z`, `2026-11`).
 * Several values of one parameter all apply (AND). `ne` and the period prefixes `sa`, `eb`, `ap`
 * are not supported: a reading is an instant, and they would need an OR the lists do not take.
 */
export function narrowByDate(range: SecondsRange, value: string, name: string): SecondsRange {
  if (value.includes(','))
    throw notSupported(`${name}: several values in one parameter (OR) are not supported`, name);
  const [, prefix = 'eq', rest] = PREFIX.exec(value)!;
  if (/^[a-z]/.test(rest))
    throw badRequest(`${name}: '${value.slice(0, 2)}' is not a search prefix (eq, gt, ge, lt, le)`, name);
  if (prefix === 'ne' || prefix === 'sa' || prefix === 'eb' || prefix === 'ap')
    throw notSupported(`${name}: the prefix '${prefix}' is not supported (eq, gt, ge, lt, le are)`, name);
  const { lo, hi } = dateRange(rest, name);
  const from = prefix === 'gt' ? hi + 1 : prefix === 'ge' || prefix === 'eq' ? lo : undefined;
  const to = prefix === 'lt' ? lo - 1 : prefix === 'le' || prefix === 'eq' ? hi : undefined;
  return {
    from: from === undefined ? range.from : Math.max(from, range.from ?? from),
    to: to === undefined ? range.to : Math.min(to, range.to ?? to),
  };
}

/** `Patient/12` or `12`: the member id a reference names. */
export function referenceId(value: string, type: string, name: string): number {
  const m = new RegExp(`^(?:${type}/)?([1-9]\\d{0,9})$`).exec(value);
  const id = m ? Number(m[1]) : NaN;
  if (!Number.isSafeInteger(id) || id > 2147483647)
    throw badRequest(`${name}: '${value}' is not a ${type} reference (${type}/id)`, name);
  return id;
}

/** `_id` or `_cursor`: an id of the type's table (at most `maxId`). */
export function resourceId(value: string, maxId: number, name = '_id'): number {
  const id = /^[1-9]\d{0,15}$/.test(value) ? Number(value) : NaN;
  if (!Number.isSafeInteger(id) || id > maxId)
    throw badRequest(`${name}: '${value}' is not an id of this server`, name);
  return id;
}

/** `system|code`, `|code`, `system|` or `code` of a token parameter. */
export function token(value: string): { system?: string; code?: string } {
  const bar = value.indexOf('|');
  if (bar === -1) return { code: value };
  const system = value.slice(0, bar);
  const code = value.slice(bar + 1);
  return { system: system === '' ? undefined : system, code: code === '' ? undefined : code };
}

/** The search's query string as name → values (a parameter may repeat). */
export type SearchParams = Map<string, string[]>;

export function searchParams(query: unknown): SearchParams {
  const out: SearchParams = new Map();
  for (const [name, raw] of Object.entries((query ?? {}) as Record<string, string | string[]>)) {
    out.set(name, Array.isArray(raw) ? raw : [raw]);
  }
  return out;
}

/** The parameters every search takes, beside its own. */
export const commonParams = [
  '_count',
  '_sort',
  '_summary',
  '_lastUpdated',
  '_id',
  '_format',
  '_cursor',
] as const;

/** Refuses what a search does not know (strict handling), naming each parameter it does. */
export function refuseUnknown(params: SearchParams, known: readonly string[]): void {
  for (const [name, values] of params) {
    // Modifiers (`code:text`, `date:missing`) are not supported either.
    if (!known.includes(name))
      throw badRequest(`Unknown search parameter '${name}'; this search takes ${known.join(', ')}`, name);
    if (values.length > 1 && name !== 'date' && name !== '_lastUpdated')
      throw notSupported(`${name}: given more than once`, name);
    if (values.some((v) => v === '')) throw badRequest(`${name}: empty value`, name);
  }
}

/** `_count`: 0 (the total alone) to MAX_COUNT. */
export function countOf(params: SearchParams): number {
  const raw = params.get('_count')?.[0];
  if (raw === undefined) return DEFAULT_COUNT;
  if (!/^\d{1,9}$/.test(raw)) throw badRequest(`_count: '${raw}' is not a whole number`, '_count');
  const n = Number(raw);
  if (n > MAX_COUNT)
    throw badRequest(
      `_count: at most ${MAX_COUNT} entries a page (asked ${raw}); follow the Bundle's next link for more`,
      '_count',
    );
  return n;
}

/** `_summary`: `count` answers the total alone; `false` is the default. */
export function summaryCountOnly(params: SearchParams): boolean {
  const raw = params.get('_summary')?.[0];
  if (raw === undefined || raw === 'false') return false;
  if (raw === 'count') return true;
  throw notSupported(`_summary: only 'count' and 'false' are supported`, '_summary');
}

/** `_format`: JSON is the only format served. */
export function checkFormat(params: SearchParams): void {
  const raw = params.get('_format')?.[0];
  if (raw !== undefined && !['json', 'application/json', 'application/fhir+json'].includes(raw))
    throw notSupported(`_format: only JSON is served`, '_format');
}

/** A date-like parameter's range over all its values. */
export function rangeOf(params: SearchParams, name: string): SecondsRange | undefined {
  const values = params.get(name);
  if (!values) return undefined;
  return values.reduce<SecondsRange>((range, v) => narrowByDate(range, v, name), {});
}
