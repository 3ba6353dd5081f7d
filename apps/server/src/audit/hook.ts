import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AuditAction } from '@vigil/contracts';

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * The member and record a call touched, when the request itself does not name them (a detail or
     * an update by id): set by the resource kit and the record routes, read by the audit trail.
     */
    audited: { memberId?: number | null; recordId?: number | null } | null;
  }
}

/**
 * Reads that are a member's health data: vital lists, charts and records, care and handling
 * records, medical state, alerts, work logs and handovers, the files attached to them, a member's
 * detail and the change logs about members. Reads of administration (organisations, staff, roles,
 * devices, settings, medicines) and a staff headshot are not: they say nothing about anyone's health.
 * Every write is recorded whatever its route.
 */
const healthReads: readonly RegExp[] = [
  /^\/physiologic\//,
  /^\/care\//,
  /^\/handle\//,
  /^\/medical\//,
  /^\/abnormal(\/|$)/,
  /^\/work-log(\/|$)/,
  /^\/handover(\/|$)/,
  /^\/delivery\/medicine(\/|$)/,
  /^\/device\/sleep\/history(\/|$)/,
  /^\/file\/(?!headshot\/)/,
  /^\/user\/\{id\}$/,
  /^\/user-system\/user\/\{id\}$/,
  /^\/user\/report\/\{id\}(\/data)?$/,
  /^\/change\/(user|record)(\/|$)/,
  // FHIR's member data: patients, their readings and alerts, their devices, bulk exports.
  /^\/fhir\/R4\/(Patient|Observation|DetectedIssue|Device|Group|\$export)/,
];

/** Whether a call of this method and route (catalogue form, '/care/health/{id}') is audited. */
export function isAudited(method: string, route: string): boolean {
  // Signing in and out change no data; the sessions table keeps them.
  if (route === '/login' || route === '/logout') return false;
  // An export records itself when its stream ends, with the filters and the rows it sent.
  if (route.endsWith('/export')) return false;
  if (method !== 'GET') return method === 'POST' || method === 'PUT' || method === 'PATCH' || method === 'DELETE';
  return healthReads.some((pattern) => pattern.test(route));
}

export function actionOf(method: string, route: string): AuditAction {
  if (method === 'POST') return /\{[a-z_]+\}/.test(route) ? 'update' : 'create';
  if (method === 'PUT' || method === 'PATCH') return 'update';
  if (method === 'DELETE') return 'delete';
  if (route.startsWith('/file/')) return 'file';
  if (route.startsWith('/user/report/')) return 'report';
  if (route.endsWith('/chart')) return 'chart';
  return route.endsWith('}') ? 'detail' : 'list';
}

/** The resource a route belongs to: its path without the id and the call's own suffix. */
export function resourceOf(route: string): string {
  return route.replace(/\/\{[a-z_]+\}$/, '').replace(/\/(chart|enable|follow|state|stock|receipt|reply|repeat)$/, '');
}

const idOf = (value: unknown): number | null => (typeof value === 'number' && Number.isInteger(value) ? value : null);

function named(source: unknown, ...keys: string[]): number | null {
  if (!source || typeof source !== 'object') return null;
  for (const key of keys) {
    const id = idOf((source as Record<string, unknown>)[key]);
    if (id !== null) return id;
  }
  return null;
}

/**
 * Records every successful audited call of the API context it is registered in, after the answer
 * has gone out (onResponse), into the batched trail. Refused calls (-3, -5, -7) revealed and changed
 * nothing and are not recorded; sign-in failures have their own throttle and log.
 */
export function registerAuditTrail(api: FastifyInstance): void {
  api.decorateRequest('audited', null);
  const prefix = api.config.apiPrefix;
  api.addHook('onResponse', async (request: FastifyRequest, reply) => {
    const principal = request.principal;
    if (!principal || reply.statusCode >= 400) return;
    const url = request.routeOptions.url;
    if (!url) return;
    const route = url.slice(prefix.length).replace(/:([A-Za-z_]+)/g, '{$1}');
    if (!isAudited(request.method, route)) return;
    const query = request.query;
    const params = request.params as Record<string, unknown> | undefined;
    const body = request.body;
    const memberId = request.audited?.memberId ?? named(query, 'user_id', 'member_id') ?? named(body, 'user_id', 'member_id');
    const recordId = request.audited?.recordId ?? idOf(params?.id) ?? named(query, 'record_id');
    request.server.audit.record({
      at: new Date(),
      orgId: principal.orgId,
      staffId: principal.staffId,
      role: principal.role,
      memberId,
      resource: resourceOf(route),
      method: request.method,
      route,
      action: actionOf(request.method, route),
      recordId,
      // A client that has gone by the time the answer is written leaves no socket address; the read
      // still happened and is recorded, its address as unknown.
      ip: (request.ip ?? '-').slice(0, 64),
      requestId: String(request.id).slice(0, 64),
    });
  });
}

/** Called where a record is read or written by id: its member (the row's user_id or member_id). */
export function auditRecord(request: FastifyRequest, row: unknown): void {
  const memberId = named(row, 'user_id', 'member_id');
  const recordId = named(row, 'id');
  request.audited = { memberId: memberId ?? request.audited?.memberId ?? null, recordId: recordId ?? request.audited?.recordId ?? null };
}
