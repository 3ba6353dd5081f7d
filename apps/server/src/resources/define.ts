import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { and, asc, desc, eq, getTableColumns, gte, ilike, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgSelect, PgTable } from 'drizzle-orm/pg-core';
import { dataEnvelope, fromUnix, idParam, paginated, type ListQueryBase } from '@vigil/contracts';
import type { Db, Tx } from '../db/client.ts';
import type { PermissionKey } from '../auth/permissions.ts';
import type { Principal } from '../auth/principal.ts';
import { resolvePlacement, scopeCondition, type Placement, type ScopeColumns } from '../auth/scope.ts';
import { FOREIGN_KEY_VIOLATION, databaseCode } from '../http/db-errors.ts';
import { notFound, processError } from '../http/errors.ts';
import { auditRecord } from '../audit/hook.ts';
import { emptyData, errorResponses } from '../http/schemas.ts';
import { countTotal, pageSlice, paginate } from './paging.ts';
import { containsPattern } from './rows.ts';
import { historyWriter, type HistoryOptions } from './history.ts';
import { compileWire, compileWrite, wireSource, type WireField, type WireMap } from './wire.ts';
import type { Operation, WriteAction } from './types.ts';

export type { Operation, WriteAction } from './types.ts';

type TableWithId = PgTable & { id: AnyPgColumn };
type Insert<T extends TableWithId> = T['$inferInsert'];
type AnyObject = z.ZodObject<z.ZodRawShape>;
/**
 * A list query built with contracts' `listQuery([...])`: the SPEC §3 base plus an order_by
 * whitelist, or a `.pick()` of one that keeps paging and order_by.
 */
type ListQuerySchema = z.ZodType<Pick<ListQueryBase, 'page' | 'per_page'> & Partial<ListQueryBase> & { order_by: string }> & AnyObject;

export type WriteContext<TRow> = {
  /** The transaction of the write: hooks that log or cascade must use it, so all or nothing happens. */
  tx: Tx;
  principal: Principal;
  action: WriteAction;
  /** The API row before the write (null on create). */
  before: TRow | null;
};

export type ResourceDefinition<
  TTable extends TableWithId,
  TRow,
  TCreate extends AnyObject,
  TUpdate extends AnyObject,
  TQuery extends ListQuerySchema,
> = {
  /** Path under the API prefix, as in SPEC §7: '/area'. */
  path: string;
  /** OpenAPI tag; defaults to the path without its slash. */
  tag?: string;
  table: TTable;
  /** The API row's schema (contracts). Its keys are the keys of `wire`. */
  rowSchema: z.ZodType<TRow>;
  /**
   * The wire shape: each key of the API row and the column or SQL expression it is read from
   * (columns of `table` and of `joins`), converted where the wire differs: `time(column)`,
   * `timeOrNull(column)`, `mapped(column, fn)` (resources/wire.ts).
   */
  wire: WireMap<TRow>;
  /** Joined tables the wire reads from (inner joins: each must match exactly one row). */
  joins?: readonly { table: PgTable; on: SQL }[];
  /** Strict create body. */
  createSchema?: TCreate;
  /** Strict update body: PUT takes it whole, PATCH any subset. */
  updateSchema?: TUpdate;
  listQuery: TQuery;
  /** Tenant scope (auth/scope.ts). Omit only for data that belongs to no organisation. */
  scope?: ScopeColumns;
  /**
   * A condition on every query that depends on the caller beyond the tenant scope (what relations
   * link to their organisation, say). It gets the list query when there is one.
   */
  restrict?: (principal: Principal, query: Partial<z.output<TQuery>>) => SQL | undefined;
  /** Whether rows are placed in an area (false when `scope.area` is the row's own id, as for areas). */
  placeArea?: boolean;
  /** The organisation and area a body asks for; resolved against the caller's scope. */
  place?: (body: Partial<z.output<TCreate>>) => { orgId?: number; areaId?: number | null };
  /**
   * Values of a create. Default: each body key that is a wire key read from one of the table's own
   * columns (times turned back into dates; resources/wire.ts `compileWrite`), plus the placement's
   * organisation and area in the scope columns. Write one only for values the body does not name.
   */
  toInsert?: (body: z.output<TCreate>, placement: Placement) => Insert<TTable>;
  /** Values of an update; `placement` is set when the body moves the row. Default as `toInsert`'s. */
  toUpdate?: (body: Partial<z.output<TUpdate>>, placement: Placement | undefined) => Partial<Insert<TTable>>;
  /** Extra list filters by query parameter (org_id and area_id filter the scope columns already). */
  filters?: { [K in keyof z.output<TQuery>]?: (value: NonNullable<z.output<TQuery>[K]>) => SQL | undefined };
  /** Columns matched by `name` (one column) and `keyword` (any of several), case-insensitively. */
  search?: { name?: AnyPgColumn; keyword?: readonly AnyPgColumn[] };
  /** Column of start_date/end_date (unix seconds, both inclusive); default created_at. */
  dateColumn?: AnyPgColumn;
  /** order_by values that are neither a column of `table` with that SQL name nor a key of `wire`. */
  orderColumns?: Record<string, AnyPgColumn | SQL>;
  /** Property of the boolean column PATCH {path}/enable/{id} sets. */
  enable?: Extract<keyof Insert<TTable>, string>;
  /** Which routes to register; default all that the definition supports. */
  operations?: readonly Operation[];
  /**
   * Opts into the shared record history (record_changes, GET /change/record): every write stores
   * the row before and after it, in the write's transaction. `member` names the wire key holding
   * the member the record is about, so a member's history lists it.
   */
  history?: HistoryOptions<TRow>;
  /** Runs inside the write's transaction before it; may return changed values. */
  beforeWrite?: (
    ctx: WriteContext<TRow> & { values: Partial<Insert<TTable>> },
  ) => Promise<Partial<Insert<TTable>> | void> | Partial<Insert<TTable>> | void;
  /** Runs inside the write's transaction after it (change logs, side tables); throwing rolls it back. */
  afterWrite?: (ctx: WriteContext<TRow> & { after: TRow | null }) => Promise<void> | void;
  /**
   * Runs once the write's transaction has committed, for work that must not share it: raising an
   * alert through the alert path, which writes and announces on its own (a symptom's pain alert).
   * A failure is logged and the write stands, so the work must also be picked up by a sweep.
   */
  afterCommit?: (ctx: { app: FastifyInstance; principal: Principal; action: WriteAction; after: TRow | null }) => Promise<void>;
};

const enableBody = z
  .looseObject({ enable: z.boolean().optional() })
  .nullish()
  .describe('The row (as the console sends it) or just { enable }; without enable the flag flips');

/**
 * Turns a definition into a Fastify plugin registering SPEC §7's generic calls on `path`: list,
 * detail, create, PUT, PATCH, DELETE and PATCH /enable/{id}, each with its permission pair and
 * zod schemas, every query scoped by the tenant guard. See docs/resources.md.
 */
export function defineResource<
  TTable extends TableWithId,
  TRow,
  TCreate extends AnyObject = AnyObject,
  TUpdate extends AnyObject = AnyObject,
  TQuery extends ListQuerySchema = ListQuerySchema,
>(def: ResourceDefinition<TTable, TRow, TCreate, TUpdate, TQuery>) {
  const { path, table } = def;
  const tag = def.tag ?? path.replace(/^\//, '');
  const columns = getTableColumns(table) as Record<string, AnyPgColumn>;
  const dateColumn = def.dateColumn ?? Object.values(columns).find((c) => c.name === 'created_at');
  const wire = compileWire(def.wire);
  const orderColumns = resolveOrderColumns(def.listQuery, columns, def.wire, def.orderColumns);
  const writeHistory = def.history ? historyWriter(path, def.history, wire.keys) : undefined;
  const operations = new Set<Operation>(
    def.operations ?? [
      'list',
      'detail',
      ...(def.createSchema ? (['create'] as const) : []),
      ...(def.updateSchema ? (['put', 'patch'] as const) : []),
      ...(def.enable ? (['enable'] as const) : []),
      'delete',
    ],
  );
  const hasUpdatedAt = 'updatedAt' in columns;
  const areaPlaced = def.placeArea ?? Boolean(def.scope?.area);
  const { toInsert, toUpdate } = writers(def, columns, areaPlaced);

  const scopeOf = (p: Principal, q: Partial<z.output<TQuery>> = {}): SQL =>
    and(def.scope ? scopeCondition(p, def.scope) : sql`true`, def.restrict?.(p, q)) ?? sql`true`;

  // Joins are data, so the query is built dynamically; rows are typed by the wire map where they are read.
  function withJoins(q: PgSelect): PgSelect {
    for (const j of def.joins ?? []) q = q.innerJoin(j.table, j.on) as unknown as PgSelect;
    return q;
  }
  const select = (db: Db | Tx) => withJoins(db.select(wire.fields).from(table as PgTable).$dynamic() as unknown as PgSelect);
  const countRows = (db: Db | Tx) => withJoins(db.select({ one: sql`1` }).from(table as PgTable).$dynamic() as unknown as PgSelect);
  const pageIds = (db: Db | Tx) => withJoins(db.select({ id: table.id }).from(table as PgTable).$dynamic() as unknown as PgSelect);
  const toRows = (rows: unknown[]) => rows.map((row) => wire.toRow(row as Record<string, unknown>));

  async function fetchOne(db: Db | Tx, p: Principal, id: number): Promise<TRow> {
    const [row] = toRows(await select(db).where(and(eq(table.id, id), scopeOf(p))));
    if (row === undefined) throw notFound();
    return row;
  }

  function listWhere(p: Principal, q: ListQueryBase & Record<string, unknown>): SQL | undefined {
    const conditions: (SQL | undefined)[] = [scopeOf(p, q as Partial<z.output<TQuery>>)];
    if (q.name !== undefined && def.search?.name) conditions.push(ilike(def.search.name, containsPattern(q.name)));
    if (q.keyword !== undefined && def.search?.keyword?.length) {
      const pattern = containsPattern(q.keyword);
      conditions.push(or(...def.search.keyword.map((c) => ilike(c, pattern))));
    }
    if (dateColumn && q.start_date !== undefined) conditions.push(gte(dateColumn, fromUnix(q.start_date)));
    if (dateColumn && q.end_date !== undefined) conditions.push(lte(dateColumn, fromUnix(q.end_date)));
    const custom = (def.filters ?? {}) as Record<string, ((v: unknown) => SQL | undefined) | undefined>;
    if (q.org_id !== undefined && def.scope && !custom.org_id) conditions.push(eq(def.scope.org, q.org_id));
    if (q.area_id !== undefined && def.scope?.area && !custom.area_id) conditions.push(eq(def.scope.area, q.area_id));
    for (const [key, filter] of Object.entries(custom)) {
      if (filter && q[key] !== undefined) conditions.push(filter(q[key]));
    }
    return and(...conditions);
  }

  /** Runs a write in one transaction with its hooks; returns the row after it (null for delete). */
  async function write(
    request: FastifyRequest,
    action: WriteAction,
    id: number | undefined,
    run: (tx: Tx, before: TRow | null) => Promise<{ values: Partial<Insert<TTable>>; apply: (values: Partial<Insert<TTable>>) => Promise<number | undefined> }>,
  ): Promise<TRow | null> {
    const principal = request.principal;
    const written = await request.server.database.db.transaction(async (tx) => {
      const before = id === undefined ? null : await fetchOne(tx, principal, id);
      const { values, apply } = await run(tx, before);
      const changed = (await def.beforeWrite?.({ tx, principal, action, before, values })) ?? values;
      // A delete is recorded before the row goes: the entry may point at what the row itself is
      // (its area, its member), which must still exist when the entry is written.
      if (action === 'delete') await writeHistory?.(tx, principal, action, before, null);
      const writtenId = await apply(changed);
      const after = writtenId === undefined ? null : await fetchOne(tx, principal, writtenId);
      await def.afterWrite?.({ tx, principal, action, before, after });
      if (action !== 'delete') await writeHistory?.(tx, principal, action, before, after);
      auditRecord(request, after ?? before);
      return after;
    });
    if (def.afterCommit) {
      await def.afterCommit({ app: request.server, principal, action, after: written }).catch((err: unknown) => {
        request.log.error({ err, path }, 'after-commit work failed; its sweep will retry');
      });
    }
    return written;
  }

  const whereOwn = (p: Principal, id: number) => and(eq(table.id, id), scopeOf(p));
  const permission = (method: string, suffix = ''): PermissionKey => `${method} ${path}${suffix}` as PermissionKey;
  const rowEnvelope = dataEnvelope(def.rowSchema);
  definedResources.set(path, { path, wireKeys: wire.keys, rowSchema: def.rowSchema });

  return async function resourceRoutes(app: FastifyInstance): Promise<void> {
    const r = app.withTypeProvider<ZodTypeProvider>();

    if (operations.has('list')) {
      r.get(
        path,
        {
          config: { permission: permission('GET') },
          schema: {
            tags: [tag],
            summary: `List (paged; per_page -1 for all)`,
            querystring: def.listQuery,
            response: { 200: dataEnvelope(paginated(def.rowSchema)), ...errorResponses },
          },
        },
        async (request) => {
          const q = request.query as ListQueryBase & { order_by: string } & Record<string, unknown>;
          const where = listWhere(request.principal, q);
          const { db } = app.database;
          const total = await countTotal(db, countRows(db).where(where));
          const direction = q.order === 'desc' ? desc : asc;
          // id breaks ties so pages never overlap or skip rows.
          const order = (d: typeof asc) => [d(orderColumns[q.order_by]), d(table.id)];
          const slice = pageSlice(q, total);
          if (!slice) return { data: paginate(q, total, toRows(await select(db).where(where).orderBy(...order(direction)))) };
          // The page's ids first, then its rows: the names and times a row shows (subqueries,
          // joins) are then computed for the page only, not for every row the offset skips.
          const ids = pageIds(db)
            .where(where)
            .orderBy(...order(slice.reverse ? (direction === asc ? desc : asc) : direction))
            .limit(slice.limit)
            .offset(slice.offset);
          const rows = await select(db).where(inArray(table.id, ids)).orderBy(...order(direction));
          return { data: paginate(q, total, toRows(rows)) };
        },
      );
    }

    if (operations.has('detail')) {
      r.get(
        `${path}/:id`,
        {
          config: { permission: permission('GET', '/{id}') },
          schema: { tags: [tag], summary: 'Detail', params: idParam, response: { 200: rowEnvelope, ...errorResponses } },
        },
        async (request) => {
          const row = await fetchOne(app.database.db, request.principal, request.params.id);
          auditRecord(request, row);
          return { data: row };
        },
      );
    }

    if (operations.has('create') && def.createSchema) {
      const { createSchema } = def;
      r.post(
        path,
        {
          config: { permission: permission('POST') },
          schema: { tags: [tag], summary: 'Create', body: createSchema, response: { 200: rowEnvelope, ...errorResponses } },
        },
        async (request) => {
          const body = request.body as z.output<TCreate>;
          const data = await write(request, 'create', undefined, async (tx) => {
            const placement = await resolvePlacement(tx, request.principal, def.place?.(body) ?? {}, areaPlaced);
            return {
              values: toInsert(body, placement),
              apply: async (values) => {
                const [created] = await tx
                  .insert(table)
                  .values(values as Insert<TTable>)
                  .returning({ id: table.id });
                return created.id as number;
              },
            };
          });
          return { data: data as TRow };
        },
      );
    }

    if (def.updateSchema) {
      const update = (partial: boolean) => async (request: FastifyRequest<{ Params: { id: number } }>) => {
        const id = request.params.id;
        const body = request.body as Partial<z.output<TUpdate>>;
        const data = await write(request, 'update', id, async (tx) => {
          const asked = def.place?.(body as Partial<z.output<TCreate>>) ?? {};
          const moves = asked.orgId !== undefined || asked.areaId !== undefined;
          const placement = moves ? await resolvePlacement(tx, request.principal, asked, areaPlaced) : undefined;
          return {
            values: toUpdate(body, placement),
            apply: async (values) => {
              if (Object.keys(values).length === 0 && partial) return id;
              await tx
                .update(table)
                .set({ ...values, ...(hasUpdatedAt && { updatedAt: new Date() }) } as Insert<TTable>)
                .where(whereOwn(request.principal, id));
              return id;
            },
          };
        });
        return { data: data as TRow };
      };
      if (operations.has('put')) {
        r.put(
          `${path}/:id`,
          {
            config: { permission: permission('PUT', '/{id}') },
            schema: { tags: [tag], summary: 'Replace', params: idParam, body: def.updateSchema, response: { 200: rowEnvelope, ...errorResponses } },
          },
          update(false),
        );
      }
      if (operations.has('patch')) {
        r.patch(
          `${path}/:id`,
          {
            config: { permission: permission('PATCH', '/{id}') },
            schema: {
              tags: [tag],
              summary: 'Update some fields',
              params: idParam,
              body: def.updateSchema.partial(),
              response: { 200: rowEnvelope, ...errorResponses },
            },
          },
          update(true),
        );
      }
    }

    if (operations.has('enable') && def.enable) {
      const key = def.enable;
      const column = columns[key];
      r.patch(
        `${path}/enable/:id`,
        {
          config: { permission: permission('PATCH', '/enable/{id}') },
          schema: { tags: [tag], summary: 'Enable or disable', params: idParam, body: enableBody, response: { 200: rowEnvelope, ...errorResponses } },
        },
        async (request) => {
          const id = request.params.id;
          const wanted = request.body?.enable;
          const data = await write(request, 'enable', id, async (tx) => ({
            values: { [key]: wanted ?? sql`not ${column}` } as Partial<Insert<TTable>>,
            apply: async (values) => {
              await tx
                .update(table)
                .set({ ...values, ...(hasUpdatedAt && { updatedAt: new Date() }) } as Insert<TTable>)
                .where(whereOwn(request.principal, id));
              return id;
            },
          }));
          return { data: data as TRow };
        },
      );
    }

    if (operations.has('delete')) {
      r.delete(
        `${path}/:id`,
        {
          config: { permission: permission('DELETE', '/{id}') },
          schema: { tags: [tag], summary: 'Delete', params: idParam, response: { 200: emptyData, ...errorResponses } },
        },
        async (request) => {
          try {
            await write(request, 'delete', request.params.id, async (tx) => ({
              values: {},
              apply: async () => {
                await tx.delete(table).where(whereOwn(request.principal, request.params.id));
                return undefined;
              },
            }));
          } catch (error) {
            if (databaseCode(error) === FOREIGN_KEY_VIOLATION) throw processError('Data is in use and cannot be deleted');
            throw error;
          }
          return { data: null };
        },
      );
    }
  };
}

type DefinedResource = { path: string; wireKeys: readonly string[]; rowSchema: z.ZodType };
/** Every definition made, by path (an app built twice defines some again), so one test can hold each wire map to its row schema. */
const definedResources = new Map<string, DefinedResource>();
export const resourceDefinitions = (): readonly DefinedResource[] => [...definedResources.values()];

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

/**
 * A definition's create and update values: its own `toInsert`/`toUpdate`, or the wire map's way back
 * (`compileWrite`) with the placement in the scope columns.
 */
function writers<TTable extends TableWithId, TRow, TCreate extends AnyObject, TUpdate extends AnyObject, TQuery extends ListQuerySchema>(
  def: ResourceDefinition<TTable, TRow, TCreate, TUpdate, TQuery>,
  columns: Record<string, AnyPgColumn>,
  areaPlaced: boolean,
) {
  const fromBody = compileWrite(def.table, def.wire as Readonly<Record<string, WireField>>);
  // A body key with no column to go to would be dropped without a word: refuse the definition instead.
  const unwritable = (schema: AnyObject | undefined, own: unknown) =>
    own || !schema ? [] : Object.keys(schema.shape).filter((key) => !fromBody.keys.has(key));
  const lost = [...unwritable(def.createSchema, def.toInsert), ...unwritable(def.updateSchema, def.toUpdate)];
  if (lost.length > 0) {
    throw new Error(`${def.path}: body keys ${[...new Set(lost)].join(', ')} are no column of the wire map; write toInsert/toUpdate`);
  }
  const propertyOf = (column: AnyPgColumn | undefined) => Object.keys(columns).find((prop) => columns[prop] === column);
  const orgProp = propertyOf(def.scope?.org);
  const areaProp = areaPlaced ? propertyOf(def.scope?.area) : undefined;
  const placed = (placement: Placement) => ({
    ...(orgProp && { [orgProp]: placement.orgId }),
    ...(areaProp && { [areaProp]: placement.areaId }),
  });
  return {
    toInsert: def.toInsert ?? ((body: z.output<TCreate>, placement: Placement) => ({ ...fromBody.values(body), ...placed(placement) }) as Insert<TTable>),
    toUpdate:
      def.toUpdate ??
      ((body: Partial<z.output<TUpdate>>, placement: Placement | undefined) =>
        ({ ...fromBody.values(body), ...(placement && placed(placement)) }) as Partial<Insert<TTable>>),
  };
}
