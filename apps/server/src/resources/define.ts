import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dataEnvelope, idParam, type Paginated, type Resource } from '@vigil/contracts';
import type { PermissionKey } from '../auth/permissions.ts';
import { auditRecord } from '../audit/hook.ts';
import { emptyData, errorResponses } from '../http/schemas.ts';
import { defineList, type AnyObject, type ListDefinition, type ListQuerySchema, type ResourceList, type TableWithId } from './list.ts';
import { defineWrites, type ResourceWrites, type WriteDefinition } from './write.ts';
import type { Operation } from './types.ts';
import { withColumns, type WireMap } from './wire.ts';
import { rowColumns, type ExportColumn } from './export/columns.ts';
import { registerListExport } from './export/route.ts';

export type { Operation, WriteAction } from './types.ts';
export type { WriteContext } from './write.ts';

/**
 * What the server takes of a resource's contract (contracts' `resourceContract`, e.g.
 * `areaResource`): its path under the API prefix (SPEC §7: '/area'), its API row (whose keys are
 * the keys of `wire`), its create and update bodies (POST; PUT and PATCH), its list query and the
 * paginated envelope of its row that the list answers.
 */
export type ResourceContractOf<TRow, TCreate extends AnyObject, TUpdate extends AnyObject, TQuery extends ListQuerySchema> = {
  readonly path: Resource;
  readonly row: z.ZodType<TRow>;
  readonly create?: TCreate;
  readonly update?: TUpdate;
  readonly listQuery: TQuery;
  readonly page: z.ZodType<Paginated<TRow>>;
};

export type ResourceDefinition<
  TTable extends TableWithId,
  TRow,
  TCreate extends AnyObject,
  TUpdate extends AnyObject,
  TQuery extends ListQuerySchema,
> = Omit<ListDefinition<TTable, TRow, TQuery>, 'listQuery' | 'wire'> &
  Omit<WriteDefinition<TTable, TRow, TCreate, TUpdate>, 'wire'> & {
    /**
     * Where each key of the API row is read from, for the keys that are not a column of the table
     * of the same SQL name (those are read from it, times as unix seconds: `withColumns`).
     */
    wire: Partial<WireMap<TRow>>;
    /** The resource's contract: path, row, create and update bodies, list query and page. */
    resource: ResourceContractOf<TRow, TCreate, TUpdate, TQuery>;
    /** OpenAPI tag; defaults to the path without its slash. */
    tag?: string;
    /** Which routes to register; default all that the definition supports. */
    operations?: readonly Operation[];
    /**
     * The columns of GET {path}/export (registered with the list); default every plain field of
     * the row, headed by `export.column.<key>`.
     */
    exportColumns?: readonly ExportColumn<TRow>[];
  };

/**
 * A resource's routes as a Fastify plugin, carrying its two halves: `list` (read a row, page a
 * list) and `writes` (each write with its hooks and history), for service routes of other modules
 * that read or write the same records.
 */
export type ResourcePlugin<TTable extends TableWithId, TRow, TCreate extends AnyObject, TUpdate extends AnyObject, TQuery extends ListQuerySchema> = ((
  app: FastifyInstance,
) => Promise<void>) & {
  path: string;
  list: ResourceList<TRow, TQuery>;
  writes: ResourceWrites<TTable, TRow, TCreate, TUpdate>;
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
>(def: ResourceDefinition<TTable, TRow, TCreate, TUpdate, TQuery>): ResourcePlugin<TTable, TRow, TCreate, TUpdate, TQuery> {
  const { resource } = def;
  const { path } = resource;
  const tag = def.tag ?? path.replace(/^\//, '');
  const wire = withColumns(def.table, rowKeys(resource.row), def.wire);
  const list = defineList({ ...def, wire, listQuery: resource.listQuery });
  const writes = defineWrites({ ...def, wire }, list as ResourceList<TRow, ListQuerySchema>);
  const operations = new Set<Operation>(
    def.operations ?? [
      'list',
      'detail',
      ...(resource.create ? (['create'] as const) : []),
      ...(resource.update ? (['put', 'patch'] as const) : []),
      ...(def.enable ? (['enable'] as const) : []),
      'delete',
    ],
  );
  const permission = (method: string, suffix = ''): PermissionKey => `${method} ${path}${suffix}` as PermissionKey;
  // Each write route says whether it keeps the record history, for the test that walks the catalogue.
  const writeConfig = (method: string, suffix = '') => ({ permission: permission(method, suffix), history: writes.keepsHistory ? path : undefined });
  const rowEnvelope = dataEnvelope(resource.row);
  definedResources.set(path, { resource, wireKeys: list.wire.keys, keepsHistory: writes.keepsHistory });

  async function resourceRoutes(app: FastifyInstance): Promise<void> {
    const r = app.withTypeProvider<ZodTypeProvider>();

    if (operations.has('list')) {
      r.get(
        path,
        {
          config: { permission: permission('GET') },
          schema: {
            tags: [tag],
            summary: `List (paged; per_page -1 for all)`,
            querystring: resource.listQuery,
            response: { 200: dataEnvelope(resource.page), ...errorResponses },
          },
        },
        async (request) => ({ data: await list.page(app.database.db, request.principal, request.query as z.output<TQuery>) }),
      );
      registerListExport(app, {
        path,
        permission: permission('GET'),
        tag,
        listQuery: resource.listQuery,
        list: list as unknown as ResourceList<unknown, TQuery, { id: number }>,
        columns: (def.exportColumns ?? rowColumns(resource.row)) as readonly ExportColumn<{ id: number }>[],
      });
    }

    if (operations.has('detail')) {
      r.get(
        `${path}/:id`,
        {
          config: { permission: permission('GET', '/{id}') },
          schema: { tags: [tag], summary: 'Detail', params: idParam, response: { 200: rowEnvelope, ...errorResponses } },
        },
        async (request) => {
          const row = await list.fetchOne(app.database.db, request.principal, request.params.id);
          auditRecord(request, row);
          return { data: row };
        },
      );
    }

    if (operations.has('create') && resource.create) {
      r.post(
        path,
        {
          config: writeConfig('POST'),
          schema: { tags: [tag], summary: 'Create', body: resource.create, response: { 200: rowEnvelope, ...errorResponses } },
        },
        async (request) => ({ data: await writes.create(request, request.body as z.output<TCreate>) }),
      );
    }

    if (resource.update) {
      const update = (partial: boolean) => async (request: FastifyRequest<{ Params: { id: number } }>) => ({
        data: await writes.change(request, request.params.id, request.body as Partial<z.output<TUpdate>>, partial),
      });
      if (operations.has('put')) {
        r.put(
          `${path}/:id`,
          {
            config: writeConfig('PUT', '/{id}'),
            schema: { tags: [tag], summary: 'Replace', params: idParam, body: resource.update, response: { 200: rowEnvelope, ...errorResponses } },
          },
          update(false),
        );
      }
      if (operations.has('patch')) {
        r.patch(
          `${path}/:id`,
          {
            config: writeConfig('PATCH', '/{id}'),
            schema: {
              tags: [tag],
              summary: 'Update some fields',
              params: idParam,
              body: resource.update.partial(),
              response: { 200: rowEnvelope, ...errorResponses },
            },
          },
          update(true),
        );
      }
    }

    if (operations.has('enable') && def.enable) {
      r.patch(
        `${path}/enable/:id`,
        {
          config: writeConfig('PATCH', '/enable/{id}'),
          schema: { tags: [tag], summary: 'Enable or disable', params: idParam, body: enableBody, response: { 200: rowEnvelope, ...errorResponses } },
        },
        async (request) => ({ data: await writes.enable(request, request.params.id, request.body?.enable) }),
      );
    }

    if (operations.has('delete')) {
      r.delete(
        `${path}/:id`,
        {
          config: writeConfig('DELETE', '/{id}'),
          schema: { tags: [tag], summary: 'Delete', params: idParam, response: { 200: emptyData, ...errorResponses } },
        },
        async (request) => {
          await writes.remove(request, request.params.id);
          return { data: null };
        },
      );
    }
  }

  return Object.assign(resourceRoutes, { path, list, writes });
}

type DefinedResource = { resource: { path: Resource; row: z.ZodType }; wireKeys: readonly string[]; keepsHistory: boolean };
/**
 * Every definition made, by path (an app built twice defines some again), so tests can hold each
 * wire map to its row schema and each write route to the history it names.
 */
const definedResources = new Map<string, DefinedResource>();
export const resourceDefinitions = (): readonly DefinedResource[] => [...definedResources.values()];

function rowKeys(row: z.ZodType): string[] {
  if (!(row instanceof z.ZodObject)) throw new Error('a resource row schema is a zod object');
  return Object.keys(row.shape);
}
