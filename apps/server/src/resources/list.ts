import { z } from 'zod';
import { and, asc, desc, eq, getTableColumns, gt, gte, ilike, inArray, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgSelect, PgTable } from 'drizzle-orm/pg-core';
import { fromUnix, strictListFilters, type ListQueryBase, type Paginated } from '@vigil/contracts';
import type { Db, Tx } from '../db/client.ts';
import type { Principal } from '../auth/principal.ts';
import { scopeCondition, type ScopeColumns } from '../auth/scope.ts';
import { invalid, notFound } from '../http/errors.ts';
import { localDay, localMonth, type Window } from './calendar.ts';
import { countTotal, pageSlice, paginate } from './paging.ts';
import { containsPattern } from './rows.ts';
import { compileWire, wireSource, type Wire, type WireMap } from './wire.ts';

export type TableWithId = PgTable & { id: AnyPgColumn };
export type AnyObject = z.ZodObject<z.ZodRawShape>;
/**
 * A list query built with contracts' `listQuery([...])`: the SPEC §3 base plus an order_by
 * whitelist, or a `.pick()` of one that keeps paging and order_by.
 */
export type ListQuerySchema = z.ZodType<Pick<ListQueryBase, 'page' | 'per_page'> & Partial<ListQueryBase> & { order_by: string }> &
  AnyObject;

/**
 * What reading a resource takes: its rows, how they are scoped, searched, filtered and ordered.
 * `TRow` is what the wire map selects; `TItem` what the API answers, the same unless `toItems`
 * completes the rows (a list whose items carry rows of another table, say).
 */
export type ListDefinition<TTable extends TableWithId, TRow, TQuery extends ListQuerySchema, TItem = TRow> = {
  table: TTable;
  /**
   * The wire shape: each key of the API row and the column or SQL expression it is read from
   * (columns of `table` and of `joins`), converted where the wire differs: `time(column)`,
   * `timeOrNull(column)`, `mapped(column, fn)` (resources/wire.ts).
   */
  wire: WireMap<TRow>;
  /**
   * Joined tables the wire reads from: an inner join must match exactly one row; a `left` join at
   * most one (its columns read null where it matches none).
   */
  joins?: readonly { table: PgTable; on: SQL; left?: boolean }[];
  listQuery: TQuery;
  /** Tenant scope (auth/scope.ts). Omit only for data that belongs to no organisation. */
  scope?: ScopeColumns;
  /**
   * A condition on every query that depends on the caller beyond the tenant scope (what relations
   * link to their organisation, say). It gets the list query when there is one.
   */
  restrict?: (principal: Principal, query: Partial<z.output<TQuery>>) => SQL | undefined;
  /** Extra list filters by query parameter (org_id and area_id filter the scope columns already). */
  filters?: { [K in keyof z.output<TQuery>]?: (value: NonNullable<z.output<TQuery>[K]>) => SQL | undefined };
  /** Columns matched by `name` (one column) and `keyword` (any of several), case-insensitively. */
  search?: { name?: AnyPgColumn; keyword?: readonly AnyPgColumn[] };
  /**
   * Column of start_date/end_date (unix seconds, both inclusive), `month` (YYYYMM) and
   * `physical_date` (the local day holding it); default created_at.
   */
  dateColumn?: AnyPgColumn;
  /**
   * Rows that came through one of these device bindings (SPEC's bind id): enables `bind_id` and
   * `binds`. A list without it refuses both with -5.
   */
  binding?: (bindIds: number[]) => SQL;
  /** order_by values that are neither a column of `table` with that SQL name nor a key of `wire`. */
  orderColumns?: Record<string, AnyPgColumn | SQL>;
  /**
   * Completes a page's rows into the API's items, reading what they carry from other tables once
   * per page (an alert's latest handling, say). Without it the rows are the items.
   */
  toItems?: (db: Db | Tx, rows: TRow[]) => Promise<TItem[]> | TItem[];
};

/** A resource's reading half: one row by id and one page of a list, both in the caller's scope. */
export type ResourceList<TRow, TQuery extends ListQuerySchema, TItem = TRow> = {
  wire: Wire<TRow>;
  /** The tenant scope and the definition's restriction, as one condition. */
  scopeOf: (principal: Principal, query?: Partial<z.output<TQuery>>) => SQL;
  /** The API item of `id` in the caller's scope; -7 when absent or outside it. */
  fetchOne: (db: Db | Tx, principal: Principal, id: number) => Promise<TItem>;
  /** One page of the list (SPEC §3): scope, search, dates, filters, order and paging. */
  page: (db: Db | Tx, principal: Principal, query: z.output<TQuery>) => Promise<Paginated<TItem>>;
  /**
   * The rows matching `where` and their items, by id, outside any caller's scope: for work that
   * starts from the database rather than a request (a replay, an event sent to both sides of an order).
   */
  read: (db: Db | Tx, where: SQL | undefined, limit?: number) => Promise<{ row: TRow; item: TItem }[]>;
  /**
   * Up to `limit` items of the list after the row `after` (an id the previous call answered last),
   * in the query's order: keyset paging, for clients that follow a cursor (FHIR's `next` links)
   * rather than numbered pages. Each call costs the same however deep it goes, and no total is
   * counted; rows added or removed meanwhile never shift a later page.
   */
  seek: (db: Db | Tx, principal: Principal, query: z.output<TQuery>, after: number | undefined, limit: number) => Promise<TItem[]>;
  /** How many rows the list query matches (exact up to EXACT_COUNT_LIMIT, as `page` counts). */
  count: (db: Db | Tx, principal: Principal, query: z.output<TQuery>) => Promise<number>;
};

/**
 * Compiles the reading half of a resource. `defineResource` registers it as GET {path} and
 * GET {path}/{id}; a module with a list of its own shape (a service route) pages through it too.
 */
export function defineList<TTable extends TableWithId, TRow, TQuery extends ListQuerySchema, TItem = TRow>(
  def: ListDefinition<TTable, TRow, TQuery, TItem>,
): ResourceList<TRow, TQuery, TItem> {
  const { table } = def;
  const columns = getTableColumns(table) as Record<string, AnyPgColumn>;
  const dateColumn = def.dateColumn ?? Object.values(columns).find((c) => c.name === 'created_at');
  const wire = compileWire(def.wire);
  const orderColumns = resolveOrderColumns(def.listQuery, columns, def.wire, def.orderColumns);

  const scopeOf = (p: Principal, q: Partial<z.output<TQuery>> = {}): SQL =>
    and(def.scope ? scopeCondition(p, def.scope) : sql`true`, def.restrict?.(p, q)) ?? sql`true`;

  // Joins are data, so the query is built dynamically; rows are typed by the wire map where they are read.
  function withJoins(q: PgSelect): PgSelect {
    for (const j of def.joins ?? []) q = (j.left ? q.leftJoin(j.table, j.on) : q.innerJoin(j.table, j.on)) as unknown as PgSelect;
    return q;
  }
  const from = (db: Db | Tx, fields: Record<string, unknown>) =>
    withJoins(db.select(fields as never).from(table as PgTable).$dynamic() as unknown as PgSelect);
  const toRows = (selected: unknown[]) => selected.map((row) => wire.toRow(row as Record<string, unknown>));
  const itemsOf = async (db: Db | Tx, rows: TRow[]): Promise<TItem[]> => (def.toItems ? def.toItems(db, rows) : (rows as unknown as TItem[]));
  const toItems = (db: Db | Tx, selected: unknown[]) => itemsOf(db, toRows(selected));

  async function fetchOne(db: Db | Tx, p: Principal, id: number): Promise<TItem> {
    const [item] = await toItems(db, await from(db, wire.fields).where(and(eq(table.id, id), scopeOf(p))));
    if (item === undefined) throw notFound();
    return item;
  }

  async function read(db: Db | Tx, where: SQL | undefined, limit?: number) {
    const query = from(db, wire.fields).where(where).orderBy(asc(table.id));
    const rows = toRows(await (limit === undefined ? query : query.limit(limit)));
    const items = await itemsOf(db, rows);
    return rows.map((row, i) => ({ row, item: items[i] }));
  }

  const within = (column: AnyPgColumn, w: Window) => and(gte(column, fromUnix(w.from)), lt(column, fromUnix(w.to)));
  const custom = (def.filters ?? {}) as Record<string, ((v: unknown) => SQL | undefined) | undefined>;
  // What the kit applies itself; any other SPEC filter needs the definition's own.
  const builtIn: Partial<Record<(typeof strictListFilters)[number], boolean>> = {
    month: dateColumn !== undefined,
    physical_date: dateColumn !== undefined,
    bind_id: def.binding !== undefined,
    binds: def.binding !== undefined,
  };
  const inapplicable = strictListFilters.filter((key) => !custom[key] && !builtIn[key]);

  function listWhere(p: Principal, q: ListQueryBase & Record<string, unknown>): SQL | undefined {
    // A SPEC filter this list cannot apply is refused rather than ignored: ignoring it would
    // answer every row to a question about a few (GET /abnormal?bind_id=… once did).
    const refused = inapplicable.filter((key) => q[key] !== undefined);
    if (refused.length) throw invalid(refused.map((field) => ({ field, message: 'listFilter.notApplicable' })));
    const conditions: (SQL | undefined)[] = [scopeOf(p, q as Partial<z.output<TQuery>>)];
    if (q.name !== undefined && def.search?.name) conditions.push(ilike(def.search.name, containsPattern(q.name)));
    if (q.keyword !== undefined && def.search?.keyword?.length) {
      const pattern = containsPattern(q.keyword);
      conditions.push(or(...def.search.keyword.map((c) => ilike(c, pattern))));
    }
    if (dateColumn && q.start_date !== undefined) conditions.push(gte(dateColumn, fromUnix(q.start_date)));
    if (dateColumn && q.end_date !== undefined) conditions.push(lte(dateColumn, fromUnix(q.end_date)));
    if (dateColumn && q.month !== undefined && !custom.month) conditions.push(within(dateColumn, localMonth(q.month)));
    if (dateColumn && q.physical_date !== undefined && !custom.physical_date) conditions.push(within(dateColumn, localDay(q.physical_date)));
    if (def.binding && q.bind_id !== undefined && !custom.bind_id) conditions.push(def.binding([q.bind_id]));
    if (def.binding && q.binds !== undefined && !custom.binds) conditions.push(def.binding(q.binds));
    if (q.org_id !== undefined && def.scope && !custom.org_id) conditions.push(eq(def.scope.org, q.org_id));
    if (q.area_id !== undefined && def.scope?.area && !custom.area_id) conditions.push(eq(def.scope.area, q.area_id));
    for (const [key, filter] of Object.entries(custom)) {
      if (filter && q[key] !== undefined) conditions.push(filter(q[key]));
    }
    return and(...conditions);
  }

  async function page(db: Db | Tx, p: Principal, query: z.output<TQuery>): Promise<Paginated<TItem>> {
    const q = query as ListQueryBase & { order_by: string } & Record<string, unknown>;
    const where = listWhere(p, q);
    const direction = q.order === 'desc' ? desc : asc;
    // id breaks ties so pages never overlap or skip rows.
    const order = (d: typeof asc) => [d(orderColumns[q.order_by]), d(table.id)];
    if (q.per_page === -1) {
      // The whole list: its length is its total, so it is not counted first.
      const items = await toItems(db, await from(db, wire.fields).where(where).orderBy(...order(direction)));
      return paginate(q, items.length, items);
    }
    const total = await countTotal(db, from(db, { one: sql`1` }).where(where));
    const slice = pageSlice(q, total)!;
    // The page's ids first, then its rows: the names and times a row shows (subqueries, joins)
    // are then computed for the page only, not for every row the offset skips.
    const ids = from(db, { id: table.id })
      .where(where)
      .orderBy(...order(slice.reverse ? (direction === asc ? desc : asc) : direction))
      .limit(slice.limit)
      .offset(slice.offset);
    const rows = await from(db, wire.fields).where(inArray(table.id, ids)).orderBy(...order(direction));
    return paginate(q, total, await toItems(db, rows));
  }

  async function seek(db: Db | Tx, p: Principal, query: z.output<TQuery>, after: number | undefined, limit: number): Promise<TItem[]> {
    const q = query as ListQueryBase & { order_by: string } & Record<string, unknown>;
    const column = orderColumns[q.order_by];
    const descending = q.order === 'desc';
    // The cursor row's own order value is read where the comparison needs it, so a cursor is one id.
    // Ordered by id alone, the plain comparison lets the primary key seek (a row comparison of
    // (id, id) would scan from the start every page).
    const byId = column === table.id;
    const cursor =
      after === undefined
        ? undefined
        : byId
          ? (descending ? lt : gt)(table.id, after)
          : sql`(${column}, ${table.id}) ${sql.raw(descending ? '<' : '>')} ((select ${column} from ${table} where ${table.id} = ${after}), ${after})`;
    const d = descending ? desc : asc;
    return toItems(db, await from(db, wire.fields).where(and(listWhere(p, q), cursor)).orderBy(d(column), d(table.id)).limit(limit));
  }

  async function count(db: Db | Tx, p: Principal, query: z.output<TQuery>): Promise<number> {
    return countTotal(db, from(db, { one: sql`1` }).where(listWhere(p, query as ListQueryBase & Record<string, unknown>)));
  }

  return { wire, scopeOf, fetchOne, page, read, seek, count };
}

/**
 * Maps each order_by value the list query allows to its column: an override, else the table's
 * column of that SQL name, else the wire key's source. An unmapped value is a bug, caught at start.
 */
function resolveOrderColumns<TRow>(
  listQuery: ListQuerySchema,
  columns: Record<string, AnyPgColumn>,
  wireMap: WireMap<TRow>,
  overrides: Record<string, AnyPgColumn | SQL> = {},
): Record<string, AnyPgColumn | SQL> {
  const orderBy = listQuery.shape.order_by as z.ZodDefault<z.ZodEnum>;
  const byKey = wireMap as Record<string, WireMap<TRow>[keyof TRow]>;
  const out: Record<string, AnyPgColumn | SQL> = {};
  for (const value of orderBy.unwrap().options as string[]) {
    const column =
      overrides[value] ??
      Object.values(columns).find((c) => c.name === value) ??
      (byKey[value] === undefined ? undefined : wireSource(byKey[value]));
    if (!column) throw new Error(`order_by '${value}' has no column`);
    out[value] = column;
  }
  return out;
}
