import type { Paginated } from '@vigil/contracts';

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
