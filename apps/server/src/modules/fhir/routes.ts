import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Resource as FhirResource } from '@medplum/fhirtypes';
import { Resource } from '@vigil/contracts';
import { auditRecord } from '../../audit/hook.ts';
import type { PermissionKey } from '../../auth/permissions.ts';
import { AppError } from '../../http/errors.ts';
import { ErrorCode } from '@vigil/contracts';
import { pageUrl, searchset } from './bundle.ts';
import { capabilityStatement } from './capability.ts';
import type { FhirKind, FhirListQuery } from './kind.ts';
import { fhirKinds } from './kinds.ts';
import { exportRoutes } from './export-routes.ts';
import {
  FHIR_JSON,
  badRequest,
  fhirNotFound,
  notSupported,
  operationOutcome,
  registerFhirErrors,
} from './outcome.ts';
import { fhirBase, sendFhir } from './reply.ts';
import {
  checkFormat,
  commonParams,
  countOf,
  rangeOf,
  refuseUnknown,
  resourceId,
  searchParams,
  summaryCountOnly,
} from './search.ts';

/** `_sort`: one of the type's sort names, `-` first for descending. */
function sortOf(kind: FhirKind<unknown>, raw: string | undefined): Pick<FhirListQuery, 'order' | 'order_by'> {
  const names = Object.keys(kind.sorts);
  if (raw === undefined) return { order: 'asc', order_by: kind.sorts[names[0]] };
  if (raw.includes(',')) throw notSupported('_sort: one sort key at a time', '_sort');
  const descending = raw.startsWith('-');
  const by = kind.sorts[descending ? raw.slice(1) : raw];
  if (!by) throw badRequest(`_sort: '${raw}' is not a sort of ${kind.type} (${names.join(', ')})`, '_sort');
  return { order: descending ? 'desc' : 'asc', order_by: by };
}

/**
 * A search's list query: the common parameters (`_id`, `_lastUpdated`, `_sort`) and what the type
 * makes of its own. Unknown parameters were refused before.
 */
export async function searchQuery(
  request: FastifyRequest,
  kind: FhirKind<unknown>,
  params: ReturnType<typeof searchParams>,
  count: number,
) {
  const id = params.get('_id')?.[0];
  const updated = rangeOf(params, '_lastUpdated');
  const plan = await kind.plan(request.server.database.db, request.principal, params);
  const query = {
    page: 1,
    per_page: Math.max(count, 1),
    ...sortOf(kind, params.get('_sort')?.[0]),
    ...plan.query,
    ...(id !== undefined ? { record_id: resourceId(id, kind.maxId) } : {}),
    updated_from: updated?.from,
    updated_to: updated?.to,
  } as FhirListQuery;
  return { query, memberId: plan.memberId };
}

/**
 * /fhir/R4 (docs/fhir.md): the CapabilityStatement, and read and search of each type over the
 * kit's lists, behind the same sign-in, permission pairs and tenant scope as the rest of the API.
 * Pages are keyset: `next` carries the last entry's id as `_cursor`.
 */
export async function fhirRoutes(app: FastifyInstance): Promise<void> {
  registerFhirErrors(app);
  const { db } = app.database;
  const tags = ['fhir'];

  app.get(
    '/metadata',
    {
      config: { access: 'public' },
      schema: { tags, summary: 'CapabilityStatement: what this FHIR server supports' },
    },
    async (request, reply) => sendFhir(reply, capabilityStatement(fhirKinds, fhirBase(request), ['Patient'])),
  );

  await exportRoutes(app);

  // A type or operation not served: an OperationOutcome, as a FHIR client expects (the routes
  // above are more specific, so they match first). It reveals nothing, so it needs no sign-in.
  app.all('/*', { config: { access: 'public' }, schema: { hide: true } }, async (request, reply) =>
    reply
      .status(404)
      .type(FHIR_JSON)
      .send(
        operationOutcome(
          'error',
          'not-supported',
          `${request.method} ${request.url.split('?')[0]} is not supported here (see metadata)`,
        ),
      ),
  );

  for (const kind of fhirKinds) {
    const path = `/${kind.type}`;
    const permission = (suffix = '') => `GET ${Resource.fhir}${path}${suffix}` as PermissionKey;
    const known = [...commonParams, ...kind.params];

    app.get(
      path,
      {
        config: { permission: permission() },
        schema: { tags, summary: `search ${kind.type} (${known.join(', ')})` },
      },
      async (request, reply) => {
        const params = searchParams(request.query);
        refuseUnknown(params, known);
        checkFormat(params);
        const count = countOf(params);
        const { query, memberId } = await searchQuery(request, kind, params, count);
        request.audited = { memberId: memberId ?? null, recordId: null };
        const base = fhirBase(request);
        const raw = new URLSearchParams(request.url.split('?')[1] ?? '');
        const self = pageUrl(
          base,
          kind.type,
          raw,
          params.has('_cursor') ? Number(params.get('_cursor')![0]) : undefined,
        );
        if (summaryCountOnly(params) || count === 0) {
          const total = await kind.list.count(db, request.principal, query);
          return sendFhir(reply, {
            resourceType: 'Bundle',
            type: 'searchset',
            total,
            link: [{ relation: 'self', url: self }],
          });
        }
        const cursorText = params.get('_cursor')?.[0];
        const cursor = cursorText === undefined ? undefined : resourceId(cursorText, kind.maxId, '_cursor');
        const items = await kind.list.seek(db, request.principal, query, cursor, count + 1);
        const page = items.slice(0, count);
        const resources: FhirResource[] = page.map((item) => kind.toResource(item));
        const next =
          items.length > count
            ? pageUrl(base, kind.type, raw, Number(resources[resources.length - 1].id))
            : undefined;
        return sendFhir(reply, searchset(base, self, resources, next));
      },
    );

    app.get(
      `${path}/:id`,
      { config: { permission: permission('/{id}') }, schema: { tags, summary: `read one ${kind.type}` } },
      async (request, reply) => {
        const { id: text } = request.params as { id: string };
        const id = /^[1-9]\d{0,15}$/.test(text) ? Number(text) : NaN;
        if (!Number.isSafeInteger(id) || id > kind.maxId) throw fhirNotFound(`${kind.type}/${text}`);
        try {
          const item = await kind.list.fetchOne(db, request.principal, id);
          auditRecord(request, { id, user_id: kind.memberOf(item) });
          return sendFhir(reply, kind.toResource(item));
        } catch (error) {
          if (error instanceof AppError && error.code === ErrorCode.notFound)
            throw fhirNotFound(`${kind.type}/${id}`);
          throw error;
        }
      },
    );
  }
}
