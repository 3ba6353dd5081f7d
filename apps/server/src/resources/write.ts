import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { and, eq, getTableColumns, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Tx } from '../db/client.ts';
import type { Principal } from '../auth/principal.ts';
import { resolvePlacement, type Placement, type ScopeColumns } from '../auth/scope.ts';
import { FOREIGN_KEY_VIOLATION, databaseCode } from '../http/db-errors.ts';
import { processError } from '../http/errors.ts';
import { auditRecord } from '../audit/hook.ts';
import { historyWriter, type HistoryOptions } from './history.ts';
import type { AnyObject, ListQuerySchema, ResourceList, TableWithId } from './list.ts';
import { compileWrite, type WireField, type WireMap } from './wire.ts';
import type { WriteAction } from './types.ts';

type Insert<T extends TableWithId> = T['$inferInsert'];

export type WriteContext<TRow> = {
  /** The transaction of the write: hooks that log or cascade must use it, so all or nothing happens. */
  tx: Tx;
  principal: Principal;
  action: WriteAction;
  /** The API row before the write (null on create). */
  before: TRow | null;
};

/** What writing a resource takes: its bodies, where they go, its hooks and its history. */
export type WriteDefinition<TTable extends TableWithId, TRow, TCreate extends AnyObject, TUpdate extends AnyObject> = {
  /**
   * The resource's contract (contracts' `resourceContract`), for what writing takes of it: the path
   * names the resource in its history and in start-up errors; `create` is the strict create body,
   * `update` the strict update body (PUT takes it whole, PATCH any subset).
   */
  resource: { path: string; create?: TCreate; update?: TUpdate };
  table: TTable;
  wire: WireMap<TRow>;
  scope?: ScopeColumns;
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
  /** Property of the boolean column PATCH {path}/enable/{id} sets. */
  enable?: Extract<keyof Insert<TTable>, string>;
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

/**
 * A resource's writing half. Each call runs one write with the definition's hooks and its record
 * history; `update` is the one a service calls inside its own transaction (a handle recording a
 * visit's outcome on the visit), so that write is kept in the history like any other.
 */
export type ResourceWrites<TTable extends TableWithId, TRow, TCreate extends AnyObject, TUpdate extends AnyObject> = {
  /** Whether every write leaves a record change. */
  keepsHistory: boolean;
  create: (request: FastifyRequest, body: z.output<TCreate>) => Promise<TRow>;
  /** PUT (`partial` false) and PATCH bodies. */
  change: (request: FastifyRequest, id: number, body: Partial<z.output<TUpdate>>, partial: boolean) => Promise<TRow>;
  enable: (request: FastifyRequest, id: number, wanted: boolean | undefined) => Promise<TRow>;
  remove: (request: FastifyRequest, id: number) => Promise<void>;
  /** Column values set on a row in the caller's transaction, through the hooks and the history. */
  update: (tx: Tx, principal: Principal, id: number, values: Partial<Insert<TTable>>) => Promise<TRow>;
};

type Apply<TTable extends TableWithId> = (values: Partial<Insert<TTable>>) => Promise<number | undefined>;

/** Compiles the writing half of a resource; `list` reads the rows before and after each write. */
export function defineWrites<TTable extends TableWithId, TRow, TCreate extends AnyObject, TUpdate extends AnyObject>(
  def: WriteDefinition<TTable, TRow, TCreate, TUpdate>,
  list: ResourceList<TRow, ListQuerySchema>,
): ResourceWrites<TTable, TRow, TCreate, TUpdate> {
  const { table } = def;
  const { path } = def.resource;
  const columns = getTableColumns(table) as Record<string, AnyPgColumn>;
  const hasUpdatedAt = 'updatedAt' in columns;
  const areaPlaced = def.placeArea ?? Boolean(def.scope?.area);
  const { toInsert, toUpdate } = writers(def, columns, areaPlaced);
  const writeHistory = def.history ? historyWriter(path, def.history, list.wire.keys) : undefined;
  const whereOwn = (p: Principal, id: number) => and(eq(table.id, id), list.scopeOf(p));

  /** One write inside `tx`: the row before, the hooks, the write, the row after and its history. */
  async function writeIn(
    tx: Tx,
    principal: Principal,
    action: WriteAction,
    id: number | undefined,
    prepare: (before: TRow | null) => Promise<{ values: Partial<Insert<TTable>>; apply: Apply<TTable> }>,
  ): Promise<{ before: TRow | null; after: TRow | null }> {
    const before = id === undefined ? null : await list.fetchOne(tx, principal, id);
    const { values, apply } = await prepare(before);
    const changed = (await def.beforeWrite?.({ tx, principal, action, before, values })) ?? values;
    // A delete is recorded before the row goes: the entry may point at what the row itself is
    // (its area, its member), which must still exist when the entry is written.
    if (action === 'delete') await writeHistory?.(tx, principal, action, before, null);
    const writtenId = await apply(changed);
    const after = writtenId === undefined ? null : await list.fetchOne(tx, principal, writtenId);
    await def.afterWrite?.({ tx, principal, action, before, after });
    if (action !== 'delete') await writeHistory?.(tx, principal, action, before, after);
    return { before, after };
  }

  /** A request's write in its own transaction, audited, with the work that waits for the commit. */
  async function write(
    request: FastifyRequest,
    action: WriteAction,
    id: number | undefined,
    prepare: (tx: Tx, before: TRow | null) => Promise<{ values: Partial<Insert<TTable>>; apply: Apply<TTable> }>,
  ): Promise<TRow | null> {
    const principal = request.principal;
    const written = await request.server.database.db.transaction(async (tx) => {
      const { before, after } = await writeIn(tx, principal, action, id, (b) => prepare(tx, b));
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

  const setOwn = (tx: Tx, principal: Principal, id: number) => async (values: Partial<Insert<TTable>>) => {
    await tx
      .update(table)
      .set({ ...values, ...(hasUpdatedAt && { updatedAt: new Date() }) } as Insert<TTable>)
      .where(whereOwn(principal, id));
    return id;
  };

  return {
    keepsHistory: writeHistory !== undefined,

    create: async (request, body) =>
      (await write(request, 'create', undefined, async (tx) => {
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
      })) as TRow,

    change: async (request, id, body, partial) =>
      (await write(request, 'update', id, async (tx) => {
        const asked = def.place?.(body as Partial<z.output<TCreate>>) ?? {};
        const moves = asked.orgId !== undefined || asked.areaId !== undefined;
        const placement = moves ? await resolvePlacement(tx, request.principal, asked, areaPlaced) : undefined;
        const set = setOwn(tx, request.principal, id);
        return {
          values: toUpdate(body, placement),
          apply: async (values) => (Object.keys(values).length === 0 && partial ? id : set(values)),
        };
      })) as TRow,

    enable: async (request, id, wanted) => {
      const column = columns[def.enable!];
      return (await write(request, 'enable', id, async (tx) => ({
        values: { [def.enable!]: wanted ?? sql`not ${column}` } as Partial<Insert<TTable>>,
        apply: setOwn(tx, request.principal, id),
      }))) as TRow;
    },

    remove: async (request, id) => {
      try {
        await write(request, 'delete', id, async (tx) => ({
          values: {},
          apply: async () => {
            await tx.delete(table).where(whereOwn(request.principal, id));
            return undefined;
          },
        }));
      } catch (error) {
        if (databaseCode(error) === FOREIGN_KEY_VIOLATION) throw processError('Data is in use and cannot be deleted');
        throw error;
      }
    },

    update: async (tx, principal, id, values) =>
      (await writeIn(tx, principal, 'update', id, async () => ({ values, apply: setOwn(tx, principal, id) }))).after as TRow,
  };
}

/**
 * A definition's create and update values: its own `toInsert`/`toUpdate`, or the wire map's way back
 * (`compileWrite`) with the placement in the scope columns.
 */
function writers<TTable extends TableWithId, TRow, TCreate extends AnyObject, TUpdate extends AnyObject>(
  def: WriteDefinition<TTable, TRow, TCreate, TUpdate>,
  columns: Record<string, AnyPgColumn>,
  areaPlaced: boolean,
) {
  const fromBody = compileWrite(def.table, def.wire as Readonly<Record<string, WireField>>);
  // A body key with no column to go to would be dropped without a word: refuse the definition instead.
  const unwritable = (schema: AnyObject | undefined, own: unknown) =>
    own || !schema ? [] : Object.keys(schema.shape).filter((key) => !fromBody.keys.has(key));
  const lost = [...unwritable(def.resource.create, def.toInsert), ...unwritable(def.resource.update, def.toUpdate)];
  if (lost.length > 0) {
    throw new Error(`${def.resource.path}: body keys ${[...new Set(lost)].join(', ')} are no column of the wire map; write toInsert/toUpdate`);
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
