import { sql, type SQLWrapper } from 'drizzle-orm';
import type { Paginated } from '@vigil/contracts';
import type { Db, Tx } from '../db/client.ts';

export type PageRequest = { page: number; per_page: number };

/** SQL offset and limit of a page; per_page -1 means the whole list (limit undefined). */
export function pageWindow({ page, per_page }: PageRequest): { offset: number; limit: number | undefined } {
  return per_page === -1 ? { offset: 0, limit: undefined } : { offset: (page - 1) * per_page, limit: per_page };
}

/** SPEC §3 list envelope. An unpaged list is reported as one page holding everything. */
export function paginate<T>({ page, per_page }: PageRequest, total: number, list: T[]): Paginated<T> {
  if (per_page === -1) return { current_page: 1, last_page: 1, list, per_page: total, total };
  return { current_page: page, last_page: Math.max(1, Math.ceil(total / per_page)), list, per_page, total };
}

/**
 * Lists up to this many rows are counted exactly. Above it the total is the planner's estimate:
 * an exact count reads every row in scope, which on a year of abnormal events (a million rows)
 * costs more than the page itself (bench:deep). SPEC's envelope needs a total for its page count;
 * past ten thousand rows nobody pages to an exact end, and the deepest page is still the list's
 * end (pageSlice reads it from there).
 */
export const EXACT_COUNT_LIMIT = 10_000;

/** The number of rows `rows` (a SELECT without order or limit) returns: exact up to EXACT_COUNT_LIMIT, estimated above. */
export async function countTotal(db: Db | Tx, rows: SQLWrapper): Promise<number> {
  const capped = await db.execute<{ n: number }>(sql`select count(*)::int as n from (${rows} limit ${EXACT_COUNT_LIMIT + 1}) as capped`);
  const exact = Number(capped.rows[0].n);
  if (exact <= EXACT_COUNT_LIMIT) return exact;
  const plan = await db.execute<{ 'QUERY PLAN': unknown }>(sql`explain (format json) ${rows}`);
  const raw = plan.rows[0]['QUERY PLAN'];
  const parsed = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan: { 'Plan Rows': number } }[];
  return Math.max(exact, Math.round(parsed[0].Plan['Plan Rows']));
}

/**
 * Where a page's rows are read from: the front of the list, or (for pages in its back half) the
 * end, in reverse order, so the deepest page skips as few rows as the first one. The caller sorts
 * the page's rows in the requested order afterwards. With an estimated total the back half is
 * approximate: the last page shows the list's end.
 */
export function pageSlice(request: PageRequest, total: number): { offset: number; limit: number; reverse: boolean } | undefined {
  const { offset, limit } = pageWindow(request);
  if (limit === undefined) return undefined;
  const fromEnd = total - offset - limit;
  if (fromEnd >= offset || offset >= total) return { offset, limit, reverse: false };
  return fromEnd >= 0 ? { offset: fromEnd, limit, reverse: true } : { offset: 0, limit: limit + fromEnd, reverse: true };
}
