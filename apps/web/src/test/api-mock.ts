import { onTestFinished, vi } from 'vitest';
import type { z } from 'zod';
import { DEFAULT_PER_PAGE, ErrorCode, type Paginated, paginated } from '@vigil/contracts';
import type { FieldError } from '../lib/http.ts';
import { runtimeConfig } from '../lib/runtime-config.ts';

/**
 * A fetch-level stand-in for the API, for page tests: it answers the http client exactly as the
 * server's envelopes do (SPEC §3 `{ data }`, list pages, SPEC §8 errors), with rows checked against
 * the contracts row schema, so a page under test parses what it would parse in production.
 * Call `mockApi()` inside a test; it records every call, and the test fails if the page made a call
 * nobody answered.
 */

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** One call the page made: its path without the API prefix, query values as sent, and the JSON body. */
export type ApiCall = { method: Method; path: string; query: Record<string, string>; body: unknown };

export type Reply = { status: number; body: unknown };

/** Path parameters of the matched route (`/area/{id}` gives `{ id: '3' }`). */
type Handler = (call: ApiCall, params: Record<string, string>) => Reply | Promise<Reply>;

type Route = { method: Method; route: string; pattern: RegExp; handler: Handler };

/** A success envelope: `{ data }`. */
export const ok = (data: unknown = null): Reply => ({ status: 200, body: { data } });

/** SPEC §8 code -5 naming the failing fields, as the server's error handler answers. */
export const validationFailed = (errors: FieldError[]): Reply => ({
  status: 422,
  body: { code: ErrorCode.validationFailed, message: 'validation failed', errors },
});

/** Any other SPEC §8 error (no permission, not found, duplicate…). */
export const failure = (status: number, code: ErrorCode): Reply => ({ status, body: { code, message: 'failed' } });

function toPattern(route: string): RegExp {
  const source = route.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{(\w+)\\?\}/g, '(?<$1>[^/]+)');
  return new RegExp(`^${source}$`);
}

function compare(a: unknown, b: unknown): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a ?? '').localeCompare(String(b ?? ''));
}

/** The list page the server would answer for these query values: sorted by `order_by`, then paged. */
export function pageOf<T>(rows: readonly T[], query: Record<string, string>): Paginated<T> {
  const perPage = Number(query.per_page ?? DEFAULT_PER_PAGE);
  const page = Number(query.page ?? 1);
  const orderBy = query.order_by;
  const sorted = orderBy
    ? [...rows].sort((a, b) => compare((a as Record<string, unknown>)[orderBy], (b as Record<string, unknown>)[orderBy]) * (query.order === 'desc' ? -1 : 1))
    : [...rows];
  const all = perPage === -1;
  const size = all ? Math.max(sorted.length, 1) : perPage;
  return {
    current_page: all ? 1 : page,
    last_page: Math.max(1, Math.ceil(sorted.length / size)),
    list: all ? sorted : sorted.slice((page - 1) * size, page * size),
    per_page: all ? -1 : perPage,
    total: sorted.length,
  };
}

export function mockApi() {
  const routes: Route[] = [];
  const calls: ApiCall[] = [];
  const unanswered: string[] = [];

  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const base = runtimeConfig().apiBase;
    const path = url.pathname.startsWith(base) ? url.pathname.slice(base.length) : url.pathname;
    const method = (init.method ?? 'GET') as Method;
    // JSON as its value; an upload's FormData as it is, so a test can read the chosen file.
    const body: unknown = typeof init.body === 'string' ? JSON.parse(init.body) : init.body instanceof FormData ? init.body : undefined;
    const call: ApiCall = { method, path, query: Object.fromEntries(url.searchParams), body };
    calls.push(call);
    // The route declared last wins, so a test can script one answer over a page's usual ones.
    const match = [...routes].reverse().find((r) => r.method === method && r.pattern.test(path));
    if (!match) {
      unanswered.push(`${method} ${path}`);
      return new Response(JSON.stringify({ code: ErrorCode.notFound, message: 'not mocked' }), { status: 404 });
    }
    const reply = await match.handler(call, { ...path.match(match.pattern)?.groups });
    return new Response(reply.body === undefined ? '' : JSON.stringify(reply.body), {
      status: reply.status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  onTestFinished(() => {
    vi.unstubAllGlobals();
    if (unanswered.length > 0) throw new Error(`The page called the API where the test gave no answer: ${unanswered.join(', ')}`);
  });

  const api = {
    calls,
    /** The calls made to one method and path (query values aside), oldest first. */
    callsTo: (method: Method, path: string) => calls.filter((c) => c.method === method && c.path === path),

    /** Answers `method route` (placeholders as `{id}`) with the handler's reply, or a fixed reply. */
    on(method: Method, route: string, reply: Handler | Reply) {
      routes.push({ method, route, pattern: toPattern(route), handler: typeof reply === 'function' ? reply : () => reply });
      return api;
    },

    /**
     * Serves GET `path` as the server's list does (sorted, paged, per_page -1 for all), and GET
     * `path/{id}` as the detail. Rows are parsed with the contracts row schema here, so a fixture
     * the server could never send fails the test at once. Returns the served rows: change them to
     * change what the next request sees.
     */
    list<S extends z.ZodType>(path: string, row: S, rows: readonly z.input<S>[]): z.output<S>[] {
      const envelope = paginated(row);
      const served = rows.map((r) => row.parse(r));
      api.on('GET', path, (call) => ok(envelope.parse(pageOf(served, call.query))));
      api.on('GET', `${path}/{id}`, (_call, { id }) => {
        const found = served.find((r) => (r as { id?: unknown }).id === Number(id));
        return found === undefined ? failure(404, ErrorCode.notFound) : ok(found);
      });
      return served;
    },

    /**
     * Accepts `method route` when the body satisfies the contracts request schema, as the server
     * would, and answers -5 naming the failing fields when it does not.
     */
    accept(method: Method, route: string, request: z.ZodType, data: unknown = null) {
      return api.on(method, route, (call) => {
        const parsed = request.safeParse(call.body);
        if (parsed.success) return ok(data);
        return validationFailed(parsed.error.issues.map((issue) => ({ field: issue.path.join('.'), message: issue.message })));
      });
    },
  };
  return api;
}
