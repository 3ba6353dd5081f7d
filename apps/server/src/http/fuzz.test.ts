import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance, RouteOptions } from 'fastify';
import fc from 'fast-check';
import { z } from 'zod';
import { createSession } from '../auth/sessions.ts';
import { registerModules } from '../modules/index.ts';
import { createWorld, type World } from '../../test/fixtures.ts';
import { buildTestApp, useTestApp } from '../../test/helpers.ts';

/*
 * Hostile input against every route the server declares, generated from the routes themselves: the
 * zod schemas of each route name the query and body fields, fast-check draws hostile values for
 * them (huge, negative, NaN, unicode, control characters, deep objects, long strings, wrong types),
 * and each request goes out as an operator and as an organisation's user. Whatever the input, the
 * answer must be a SPEC §8 refusal or a success: never a 500, never a stack trace.
 */

const t = useTestApp();
let world: World;
let app: FastifyInstance;
const routes: RouteOptions[] = [];

beforeAll(async () => {
  world = await createWorld(t.db);
  app = await buildTestApp(t.database, {}, async (scope) => {
    scope.addHook('onRoute', (route) => {
      routes.push(route);
    });
    await scope.register(registerModules);
  });
  return () => app.close();
});

/** Field names of a route's query or body schema, looking through refinements and pipes. */
function fieldsOf(schema: unknown): string[] {
  let current = schema as z.ZodType | undefined;
  for (let depth = 0; current && depth < 5; depth++) {
    if (current instanceof z.ZodObject) return Object.keys(current.shape);
    const def = (current as { _zod?: { def?: { in?: z.ZodType; innerType?: z.ZodType } } })._zod?.def;
    current = def?.in ?? def?.innerType;
  }
  return [];
}

const deepObject = (depth: number): unknown => (depth === 0 ? 'x' : { a: deepObject(depth - 1), b: [deepObject(depth - 1 > 2 ? 2 : 0)] });

/** One hostile value, as JSON would carry it. */
const hostile: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(
    -99999999999999,
    99999999999999,
    2147483648,
    -2147483649,
    8.64e15,
    1e308,
    -1e308,
    Number.MAX_SAFE_INTEGER + 2,
    0,
    -1,
    0.5,
    'NaN',
    'Infinity',
    '-0',
    '1e400',
    '',
    ' ',
    '\u0000',
    '\u0007bell',
    '\u202Eevil',
    '😀'.repeat(50),
    "' or 1=1 --",
    '../../etc/passwd',
    '<script>alert(1)</script>',
    true,
    null,
    [],
    {},
    deepObject(30),
  ),
  fc.integer({ min: -(2 ** 53 - 1), max: 2 ** 53 - 1 }),
  fc.double(),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ minLength: 3000, maxLength: 12000 }),
  fc.array(fc.oneof(fc.integer(), fc.string()), { maxLength: 5 }),
);

/** The same value as a query string can carry it. */
const asQuery = (value: unknown): string => (typeof value === 'string' ? value : JSON.stringify(value) ?? '');

/** A hostile path parameter (ids in the URL). */
const hostileParam = fc.constantFrom('0', '-1', '99999999999999', '2147483648', 'NaN', '1e400', 'abc', '%00', '%E2%80%AE', '1.5', 'x'.repeat(3000));

type Sample = { params: string[]; query: Record<string, unknown>; body: unknown };

function samplesFor(route: RouteOptions, runs: number, seed: number): Sample[] {
  const schema = (route.schema ?? {}) as { querystring?: unknown; body?: unknown };
  const queryFields = fieldsOf(schema.querystring);
  const bodyFields = fieldsOf(schema.body);
  const paramCount = (route.url.match(/:/g) ?? []).length;
  const sample = fc.record({
    params: fc.array(hostileParam, { minLength: paramCount, maxLength: paramCount }),
    query: fc.dictionary(fc.constantFrom('page', 'per_page', ...queryFields), hostile, { maxKeys: 4 }),
    // Mostly the route's own fields with hostile values; sometimes a body of the wrong shape.
    body: fc.oneof(
      { weight: 4, arbitrary: fc.dictionary(fc.constantFrom('id', ...bodyFields), hostile, { minKeys: 1, maxKeys: 6 }) },
      { weight: 1, arbitrary: hostile },
    ),
  });
  return fc.sample(sample, { numRuns: runs, seed });
}

function urlOf(route: RouteOptions, sample: Sample): string {
  let i = 0;
  const path = route.url.replace(/:[A-Za-z_]+/g, () => sample.params[i++] ?? '1');
  const query = new URLSearchParams(Object.entries(sample.query).map(([k, v]): [string, string] => [k, asQuery(v)])).toString();
  return query ? `${path}?${query}` : path;
}

const stackTrace = /\n\s+at |node:internal|node_modules|\.ts:\d+|RangeError|TypeError|DrizzleQueryError/;

describe('dates out of range', () => {
  it('answer -5 naming the field on every route with a start_date filter, never a RangeError', async () => {
    const dated = routes.filter((r) => r.method === 'GET' && fieldsOf((r.schema as { querystring?: unknown })?.querystring).includes('start_date'));
    expect(dated.length).toBeGreaterThan(10);
    // Each route as the first of these whose group holds it: the dates must be refused, not the caller.
    const tokens = [
      await createSession(t.db, app.config, world.accounts.engineer, {}),
      await createSession(t.db, app.config, world.accounts.adminA, {}),
      await createSession(t.db, app.config, world.accounts.pharmacist, {}),
    ];
    let checked = 0;
    for (const route of dated) {
      const path = route.url.replace(/:[A-Za-z_]+/g, '1');
      let res;
      for (const token of tokens) {
        res = await app.inject({
          method: 'GET',
          url: `${path}?start_date=-99999999999999&end_date=99999999999999&user_id=1`,
          headers: { authorization: `Bearer ${token}` },
        });
        if (res.statusCode !== 403) break;
      }
      if (!res) throw new Error('no caller');
      // A route none of these roles may read is covered by the hostile-input test's refusals.
      if (res.statusCode === 403) continue;
      checked += 1;
      expect({ route: route.url, status: res.statusCode, code: res.json().code }).toEqual({ route: route.url, status: 422, code: -5 });
      expect(res.json().errors.map((e: { field: string }) => e.field)).toEqual(expect.arrayContaining(['start_date', 'end_date']));
    }
    expect(checked).toBeGreaterThan(10);
  });
});

describe('hostile input on every route', () => {
  it('answers no 500 and shows no stack trace, as an operator and as an organisation user', async () => {
    const methods = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);
    const targets = routes.flatMap((route) =>
      (Array.isArray(route.method) ? route.method : [route.method]).filter((m) => methods.has(m)).map((method) => ({ route, method })),
    );
    expect(targets.length).toBeGreaterThan(100);
    const callers = [
      { name: 'operator', staffId: world.accounts.engineer },
      { name: 'org admin', staffId: world.accounts.adminA },
    ];
    const failures: string[] = [];
    let sent = 0;
    const started = Date.now();
    for (const [index, { route, method }] of targets.entries()) {
      const samples = samplesFor(route, 6, 17 + index);
      for (const caller of callers) {
        // A fresh session per route: a fuzzed logout or password change must not silence the rest.
        const token = await createSession(t.db, app.config, caller.staffId, {});
        for (const sample of samples) {
          const url = urlOf(route, sample);
          const withBody = method !== 'GET' && method !== 'DELETE';
          const res = await app.inject({
            method: method as 'GET',
            url,
            headers: { authorization: `Bearer ${token}`, ...(withBody ? { 'content-type': 'application/json' } : {}) },
            ...(withBody ? { payload: JSON.stringify(sample.body) ?? 'null' } : {}),
          });
          sent += 1;
          if (res.statusCode >= 500 || stackTrace.test(res.body)) {
            failures.push(`${caller.name} ${method} ${url.slice(0, 200)} ${JSON.stringify(sample.body)?.slice(0, 200)} -> ${res.statusCode} ${res.body.slice(0, 300)}`);
          }
        }
      }
    }
    console.log(`fuzz: ${sent} requests to ${targets.length} routes in ${Date.now() - started} ms, ${failures.length} errors`);
    expect(failures).toEqual([]);
    // Thousands of requests: a generous cap, so a busy machine slows the run without failing it.
  }, 300_000);
});
