import { useState } from 'react';
import { DEFAULT_ORDER, DEFAULT_ORDER_BY, DEFAULT_PAGE, DEFAULT_PER_PAGE } from '@vigil/contracts';
import { readTablePrefs } from './table-prefs.ts';

/** SPEC §3 list query defaults: page 1, 15 per page, ordered by id ascending. */
export type ListParams = { page: number; per_page: number; order: 'asc' | 'desc'; order_by: string };

export const defaultListParams: ListParams = {
  page: DEFAULT_PAGE,
  per_page: DEFAULT_PER_PAGE,
  order: DEFAULT_ORDER,
  order_by: DEFAULT_ORDER_BY,
};

/** Clicking the sorted column flips its direction; another column starts ascending from page 1. */
export function nextSort(params: ListParams, column: string): ListParams {
  if (params.order_by === column)
    return { ...params, page: 1, order: params.order === 'asc' ? 'desc' : 'asc' };
  return { ...params, page: 1, order_by: column, order: 'asc' };
}

/** A list's query state; with a table name, it starts at the page size the user last chose for that table. */
export function useListParams(initial: Partial<ListParams> = {}, table?: string) {
  return useState<ListParams>(() => ({
    ...defaultListParams,
    ...(table !== undefined && { per_page: readTablePrefs(table).perPage }),
    ...initial,
  }));
}
