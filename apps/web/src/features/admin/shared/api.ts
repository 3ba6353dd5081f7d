import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type Paginated, paginated } from '@vigil/contracts';
import { z } from 'zod';
import { type Query, request } from '../../../lib/http.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import type { ListParams } from '../../../components/server-table/list-params.ts';
import { useRowToggle } from '../../../components/server-table/row-toggle.ts';

/** Filters of a list bar; undefined (or -1 on the wire) means unset (SPEC §3). */
export type ListFilters = Record<string, string | number | undefined>;

/** Every cached query of a resource starts with its path, so one invalidation refreshes them all. */
export const listKey = (resource: string, params: ListParams, filters: ListFilters) => [resource, 'list', params, filters] as const;

export function useResourceList<Row>(resource: string, row: z.ZodType<Row>, params: ListParams, filters: ListFilters = {}, enabled = true) {
  const schema = paginated(row) as unknown as z.ZodType<Paginated<Row>>;
  return useQuery({
    queryKey: listKey(resource, params, filters),
    enabled,
    // The page stays on screen while the next one loads, so the table does not jump.
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) => request(resource, { query: { ...params, ...filters } as Query, schema, signal }),
  });
}

/** All rows of a resource for a select (per_page -1), ordered by name where the list allows it. */
export function useResourceOptions<Row>(resource: string, row: z.ZodType<Row>, filters: ListFilters = {}, enabled = true) {
  const schema = paginated(row) as unknown as z.ZodType<Paginated<Row>>;
  return useQuery({
    queryKey: [resource, 'options', filters],
    enabled,
    staleTime: 60_000,
    queryFn: ({ signal }) => request(resource, { query: { per_page: -1, ...filters } as Query, schema, signal }),
    select: (page) => page.list,
  });
}

export function useResourceDetail<Row>(resource: string, id: number | null, row: z.ZodType<Row>) {
  return useQuery({
    queryKey: [resource, 'detail', id],
    enabled: id !== null,
    queryFn: ({ signal }) => request(`${resource}/${id}`, { schema: row, signal }),
  });
}

/** Refreshes every list, option list and detail of the given resources after a write. */
export function useInvalidate() {
  const client = useQueryClient();
  return (...resources: string[]) => Promise.all(resources.map((r) => client.invalidateQueries({ queryKey: [r] })));
}

type Write = { method: 'POST' | 'PUT' | 'PATCH' | 'DELETE'; path: string; body?: unknown };

/**
 * A write followed by the Success toast (SPEC §8) and a refresh of the resources it touches.
 * Failures are toasted by the http client; a -5 is re-thrown for the form to mark its fields.
 */
export function useWrite<TInput, TResult = unknown>(toWrite: (input: TInput) => Write, touches: string[], result?: z.ZodType<TResult>) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (input: TInput) => {
      const w = toWrite(input);
      return request<TResult>(w.path, { method: w.method, body: w.body, schema: result ?? (z.unknown() as z.ZodType<TResult>) });
    },
    onSuccess: async () => {
      notifySuccess();
      await invalidate(...touches);
    },
  });
}

/** Create (POST) without an id, replace (PUT {path}/{id}) with one. */
export function useSave<TBody>(resource: string, touches: string[] = []) {
  return useWrite<{ id?: number; body: TBody }>(
    ({ id, body }) => (id === undefined ? { method: 'POST', path: resource, body } : { method: 'PUT', path: `${resource}/${id}`, body }),
    [resource, ...touches],
  );
}

export function useRemove(resource: string, touches: string[] = []) {
  return useWrite<number>((id) => ({ method: 'DELETE', path: `${resource}/${id}` }), [resource, ...touches]);
}

type FlagRow = { id: number } & Record<string, unknown>;

/**
 * SPEC §7 toggle: PATCH {path}/enable/{id} (or another toggle route) with the new flag; the cached
 * row flips on success (SPEC §4) and the Success toast confirms it.
 */
export function useFlagToggle<T extends FlagRow>(queryKey: readonly unknown[], route: string, field: keyof T & string) {
  return useRowToggle<T>({
    queryKey,
    field,
    mutationFn: async (row) => {
      await request(`${route}/${row.id}`, { method: 'PATCH', body: { [field]: !row[field] }, schema: z.unknown() });
      notifySuccess();
    },
  });
}
