import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Paginated } from '@vigil/contracts';

type Flag = boolean | number;
type Row = { id: number };

/** Flip a boolean (or 0/1) flag of one row in a cached page, leaving every other row as it was. */
export function flipRowFlag<T extends Row>(page: Paginated<T> | undefined, id: number, field: keyof T & string): Paginated<T> | undefined {
  if (!page) return page;
  return {
    ...page,
    list: page.list.map((row) => {
      if (row.id !== id) return row;
      const value = row[field] as Flag;
      return { ...row, [field]: typeof value === 'number' ? (value ? 0 : 1) : !value };
    }),
  };
}

/**
 * SPEC §4: an enable or follow toggle flips the flag in the cached list after the server accepted
 * the change, without refetching the page (the row stays where the user is looking). One mutation
 * serves every flag of a table: each call names the row and the field.
 */
export function useRowToggle<T extends Row, Change extends { row: T; field: keyof T & string } = { row: T; field: keyof T & string }>(options: {
  queryKey: QueryKey;
  mutationFn: (change: Change) => Promise<unknown>;
}) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: options.mutationFn,
    onSuccess: (_data, { row, field }) => {
      client.setQueryData<Paginated<T>>(options.queryKey, (old) => flipRowFlag(old, row.id, field));
    },
  });
}
