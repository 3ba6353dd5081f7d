import { type QueryKey, keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { paginated } from '@vigil/contracts';
import type { z } from 'zod';
import { request } from '../../lib/http.ts';
import { notifySuccess } from '../../lib/notify.ts';
import type { ListParams } from '../server-table/list-params.ts';
import { useRowToggle } from '../server-table/row-toggle.ts';

/** Filters of a list bar; undefined (or -1 on the wire) means unset (SPEC §3). */
export type ListFilters = Record<string, string | number | undefined>;

/** Every row of a resource carries its id; the kit's writes and toggles address rows by it. */
export type ResourceRow = { id: number };

/** Every cached query of a resource starts with its path, so one invalidation refreshes them all. */
export const listKey = (resource: string, params: ListParams, filters: ListFilters) => [resource, 'list', params, filters] as const;

/** One page of a resource's list (SPEC §3 envelope), each row checked against the contracts row schema. */
export function useResourceList<S extends z.ZodType>(resource: string, row: S, params: ListParams, filters: ListFilters = {}, enabled = true) {
  return useQuery({
    queryKey: listKey(resource, params, filters),
    enabled,
    // The page stays on screen while the next one loads, so the table does not jump.
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) => request(resource, { query: { ...params, ...filters }, schema: paginated(row), signal }),
  });
}

/** All rows of a resource for a select (per_page -1), ordered by name where the list allows it. */
export function useResourceOptions<S extends z.ZodType>(resource: string, row: S, filters: ListFilters = {}, enabled = true) {
  return useQuery({
    queryKey: [resource, 'options', filters],
    enabled,
    staleTime: 60_000,
    queryFn: ({ signal }) => request(resource, { query: { per_page: -1, ...filters }, schema: paginated(row), signal }),
    select: (page) => page.list,
  });
}

export function useResourceDetail<R>(resource: string, id: number | null, row: z.ZodType<R>) {
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

export type Write = { method: 'POST' | 'PUT' | 'PATCH' | 'DELETE'; path: string; body?: unknown };

/**
 * A write followed by the Success toast (SPEC §8) and a refresh of the resources it touches.
 * Failures are toasted by the http client; a -5 is re-thrown for the form to mark its fields.
 */
export function useWrite<TInput, TResult = unknown>(toWrite: (input: TInput) => Write, touches: string[], result?: z.ZodType<TResult>) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (input: TInput) => {
      const w = toWrite(input);
      return request<TResult>(w.path, { method: w.method, body: w.body, schema: result });
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

/** Names of a row's fields that hold a flag (boolean, or SPEC's 0/1 numbers). */
export type FlagField<R> = { [K in keyof R]-?: R[K] extends boolean | number ? K : never }[keyof R] & string;

/**
 * A row flag flipped by PATCH {route}/{id} with the new value. `route` defaults to SPEC §7's
 * `{resource}/enable` or `{resource}/follow`; `permission` is for a server that checks another
 * pair than the call's own.
 */
export type RowFlag<R> = { field: FlagField<R>; route?: string; permission?: { method: 'PATCH'; route: string } };

/**
 * SPEC §4 toggle: PATCH {flag.route}/{id} with the flipped flag, then the flag flips in the cached
 * page without refetching, and the Success toast confirms it. One mutation serves every flag of a
 * page: each call names the row and the flag.
 */
export function useFlagToggle<R extends ResourceRow>(queryKey: QueryKey) {
  return useRowToggle<R, { row: R; field: FlagField<R>; route: string }>({
    queryKey,
    mutationFn: async ({ row, field, route }) => {
      await request(`${route}/${row.id}`, { method: 'PATCH', body: { [field]: !row[field] } });
      notifySuccess();
    },
  });
}
