import { type QueryKey, keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Paginated, ResourceContract } from '@vigil/contracts';
import type { z } from 'zod';
import { request } from '../../lib/http.ts';
import { notifySuccess } from '../../lib/notify.ts';
import type { ListParams } from '../server-table/list-params.ts';
import { useRowToggle } from '../server-table/row-toggle.ts';

/** Filters of a list bar; undefined (or -1 on the wire) means unset (SPEC §3). */
export type ListFilters = Record<string, string | number | undefined>;

/** Every row of a resource carries its id; the kit's writes and toggles address rows by it. */
export type ResourceRow = { id: number };

/** A contract whose rows are R: what a page or config generic in its row takes. */
export type ContractOf<R> = ResourceContract & { readonly row: z.ZodType<R> };

/** The API row of a contract's list and (unless it names a detail) of its detail. */
export type RowOf<C extends ResourceContract> = z.output<C['row']>;

/** What GET {path}/{id} answers: the contract's detail where it names one, else its row. */
export type DetailOf<C extends ResourceContract> = C extends { readonly detail: z.ZodType } ? z.output<C['detail']> : RowOf<C>;

/** The query of a contract's list: the keys its list query takes (SPEC §3), each as the URL sends it. */
export type QueryOf<C extends ResourceContract> = { [K in keyof z.input<C['listQuery']>]?: string | number | undefined };

/** Every cached query of a resource starts with its path, so one invalidation refreshes them all. */
export const listKey = (resource: ResourceContract, params: ListParams, filters: ListFilters) => [resource.path, 'list', params, filters] as const;

/**
 * GET {path}: the contract's page, checked against its page schema. The schema is `page` itself;
 * its type is taken from the row, so a contract of a generic row (`ContractOf<R>`) pages R.
 */
const pageOf = <C extends ResourceContract>(resource: C) => resource.page as unknown as z.ZodType<Paginated<RowOf<C>>>;

/** One page of a resource's list (SPEC §3 envelope), each row checked against the contract's row. */
export function useResourceList<C extends ResourceContract>(resource: C, params: ListParams, filters: QueryOf<C> = {}, enabled = true) {
  return useQuery({
    queryKey: listKey(resource, params, filters),
    enabled,
    // The page stays on screen while the next one loads, so the table does not jump.
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) => request(resource.path, { query: { ...params, ...filters }, schema: pageOf(resource), signal }),
  });
}

/** All rows of a resource for a select (per_page -1), ordered by name where the list allows it. */
export function useResourceOptions<C extends ResourceContract>(resource: C, filters: QueryOf<C> = {}, enabled = true) {
  return useQuery({
    queryKey: [resource.path, 'options', filters],
    enabled,
    staleTime: 60_000,
    queryFn: ({ signal }) => request(resource.path, { query: { per_page: -1, ...filters }, schema: pageOf(resource), signal }),
    select: (page) => page.list,
  });
}

/** GET {path}/{id}, checked against the contract's detail (its row unless it names one). */
export function useResourceDetail<C extends ResourceContract>(resource: C, id: number | null) {
  const schema = (resource.detail ?? resource.row) as unknown as z.ZodType<DetailOf<C>>;
  return useQuery({
    queryKey: [resource.path, 'detail', id],
    enabled: id !== null,
    queryFn: ({ signal }) => request(`${resource.path}/${id}`, { schema, signal }),
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

/**
 * Create (POST {path}) without an id, replace (PUT {path}/{id}) with one. The body is what a
 * dialog validated with its form's schema; `touches` are the paths of other resources it changes.
 */
export function useSave(resource: ResourceContract, touches: string[] = []) {
  const path = resource.path;
  return useWrite<{ id?: number; body: unknown }>(
    ({ id, body }) => (id === undefined ? { method: 'POST', path, body } : { method: 'PUT', path: `${path}/${id}`, body }),
    [path, ...touches],
  );
}

export function useRemove(resource: ResourceContract, touches: string[] = []) {
  return useWrite<number>((id) => ({ method: 'DELETE', path: `${resource.path}/${id}` }), [resource.path, ...touches]);
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
