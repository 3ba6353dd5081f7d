import type { z } from 'zod';
import type { Resource } from '../permissions/resources.ts';
import { paginated } from './envelope.ts';

/**
 * What one resource of SPEC §7's generic calls is made of: its path (a `Resource` value, so each
 * path is spelled once), its API row, its strict create and update bodies (absent where the
 * resource takes none), its list query with the `order_by` whitelist, and its detail where that
 * is more than the row.
 */
export type ResourceSchemas = {
  path: Resource;
  row: z.ZodObject;
  /** POST {path}. */
  create?: z.ZodObject;
  /** PUT {path}/{id} whole, PATCH {path}/{id} any subset. */
  update?: z.ZodObject;
  /** GET {path}. */
  listQuery: z.ZodObject;
  /**
   * GET {path}/{id} where it answers more than the row (a service route's detail: a handover with
   * its members and actions); absent, the detail is the row. `defineResource` serves the row.
   */
  detail?: z.ZodObject;
};

/**
 * A resource's contract: its schemas plus `page`, the paginated envelope of its row (SPEC §3) that
 * GET {path} answers inside `{ data }`. The server's `defineResource` serves it (a list a service
 * route serves has a contract too, without bodies), and the console's resource kit takes it for
 * every list, detail and write of the path.
 */
export type ResourceContract<T extends ResourceSchemas = ResourceSchemas> = Readonly<T> & {
  readonly page: ReturnType<typeof paginated<T['row']>>;
};

/** One resource's contract (docs/resources.md): `export const xResource = resourceContract({ ... })`. */
export function resourceContract<const T extends ResourceSchemas>(schemas: T): ResourceContract<T> {
  return { ...schemas, page: paginated(schemas.row) };
}
