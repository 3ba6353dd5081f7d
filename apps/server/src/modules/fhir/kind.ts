import { z } from 'zod';
import { gte, lte, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Resource } from '@medplum/fhirtypes';
import { fromUnix, listQuery, type FhirResourceType } from '@vigil/contracts';
import type { Principal } from '../../auth/principal.ts';
import type { Db } from '../../db/client.ts';
import type { ResourceList } from '../../resources/list.ts';
import type { SearchParams } from './search.ts';

/** Unix seconds computed by PostgreSQL: a Bundle of 1,000 readings would otherwise parse 2,000 Dates. */
export const epoch = (column: AnyPgColumn) =>
  sql<number>`extract(epoch from ${column})::bigint`.mapWith(Number);

/**
 * The list query every FHIR type's list takes: the kit's base (order, dates on the type's date
 * column, user_id, record_id for `_id`) plus `_lastUpdated`'s range. A type adds its own keys.
 */
export const fhirListQuery = listQuery(['id', 'date', 'updated_at']).extend({
  updated_from: z.number().optional(),
  updated_to: z.number().optional(),
  /** Stored kinds a `code` search names (readings' kind, an alert's type). */
  kinds: z.array(z.number()).optional(),
  /** A Patient's identifier value. */
  identifier: z.string().optional(),
});
export type FhirListQuery = z.output<typeof fhirListQuery>;

/** `_lastUpdated` over a type's updated_at column. */
export const updatedFilters = (updatedAt: AnyPgColumn) => ({
  updated_from: (v: number): SQL => gte(updatedAt, fromUnix(v)),
  updated_to: (v: number): SQL => lte(updatedAt, fromUnix(v)),
});

/** What a search has made of its own parameters: the list query's keys, and the member it is about (for the audit trail). */
export type SearchPlan<Q> = { query: Partial<Q>; memberId?: number };

/** One FHIR resource type served: its list (the kit's `defineList`), its search and its JSON. */
export type FhirKind<TItem> = {
  type: FhirResourceType;
  list: ResourceList<unknown, typeof fhirListQuery, TItem>;
  /** Its own search parameters (the common ones are taken by every type). */
  params: readonly string[];
  /** `_sort` names this type takes, each an order_by of its list; the first is the default. */
  sorts: Readonly<Record<string, 'id' | 'date' | 'updated_at'>>;
  /** Reads the type's own parameters into the list query (the caller has refused unknown ones). */
  plan: (db: Db, principal: Principal, params: SearchParams) => Promise<SearchPlan<FhirListQuery>>;
  toResource: (item: TItem) => Resource;
  /** The member a row is about, for the audit trail. */
  memberOf: (item: TItem) => number | null;
  /** The largest id its table holds (int4, or bigint for readings): a larger one names nothing. */
  maxId: number;
};
