import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import { ErrorCode, Resource, areaScopedRoles, operatorRoles, permissionKey, roleOrgType, staffRoles, type ApiPermission, type StaffRole } from '@vigil/contracts';
import { apiGroups, devices, members, orgs, readings, roles, staff } from '../db/schema/index.ts';
import { readingKindCode } from '../ingest/kinds.ts';
import { seedDemo } from '../demo/seed.ts';
import { registerModules } from '../modules/index.ts';
import { createArea, createOrg, createStaff } from '../../test/fixtures.ts';
import { buildTestApp, useTestApp } from '../../test/helpers.ts';
import { createSession } from './sessions.ts';
import { parsePermission } from './permissions.ts';

/*
 * Generated from the registered routes: every route that addresses one row by id (read, change,
 * delete, and the calls on a row such as enable or a state change) is called on a row of the demo
 * world by staff of another organisation whose API group holds the call. The answer must be -7
 * (exactly as for a missing row), and the row, read again by its owner, must be unchanged.
 */

const t = useTestApp();
let app: FastifyInstance;
const routes: RouteOptions[] = [];

beforeAll(async () => {
  await seedDemo(t.db);
  // The demo's readings come from its simulator: one of every vital kind for a demo member here.
  const [member] = await t.db.select({ id: members.id, orgId: members.orgId, areaId: members.areaId }).from(members).limit(1);
  const [device] = await t.db.select({ id: devices.id }).from(devices).where(eq(devices.orgId, member.orgId)).limit(1);
  const vitalKinds = Object.values(readingKindCode).filter((kind) => kind < 100);
  await t.db.insert(readings).values(
    vitalKinds.map((kind) => ({ orgId: member.orgId, memberId: member.id, areaId: member.areaId, deviceId: device.id, kind, source: 0, occurTime: new Date(Date.now() - 3_600_000), value: 70, value2: 40 })),
  );
  app = await buildTestApp(t.database, {}, async (scope) => {
    scope.addHook('onRoute', (route) => {
      routes.push(route);
    });
    await scope.register(registerModules);
  });
  return () => app.close();
});

/** Field names of a body schema, looking through refinements and pipes. */
function fieldsOf(schema: unknown): string[] {
  let current = schema as z.ZodType | undefined;
  for (let depth = 0; current && depth < 5; depth++) {
    if (current instanceof z.ZodObject) return Object.keys(current.shape);
    const def = (current as { _zod?: { def?: { in?: z.ZodType; innerType?: z.ZodType } } })._zod?.def;
    current = def?.in ?? def?.innerType;
  }
  return [];
}

/**
 * Settings shared by every organisation (contracts api-groups.ts): roles, their API groups, the
 * sidebar trees and feature switches. Every organisation may read them and only operators change
 * them, which the permission matrix checks.
 */
const sharedSettings = new Set<string>([Resource.role, Resource.apiGroup, Resource.sidebar, Resource.feature]);

type Caller = { name: string; token: string; group: Set<string> };

async function groupOf(role: StaffRole): Promise<Set<string>> {
  const [row] = await t.db
    .select({ permissions: apiGroups.permissions })
    .from(roles)
    .innerJoin(apiGroups, eq(apiGroups.id, roles.apiGroupId))
    .where(eq(roles.id, role));
  return new Set((row?.permissions ?? []).map((p: ApiPermission) => permissionKey(p.method, p.route)));
}

describe('cross-tenant access by id', () => {
  it('every id route answers -7 to another organisation and leaves the row unchanged', async () => {
    const prefix = app.config.apiPrefix;
    const call = (token: string, method: string, url: string, body?: unknown) =>
      app.inject({
        method: method as 'GET',
        url,
        headers: { authorization: `Bearer ${token}`, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
        ...(body !== undefined ? { payload: JSON.stringify(body) } : {}),
      });

    // Owners: every account of the demo world (one of them may read each resource).
    const demoStaff = await t.db.select({ id: staff.id, role: staff.role, account: staff.account }).from(staff);
    const owners: Caller[] = [];
    for (const s of demoStaff) {
      owners.push({ name: s.account, token: await createSession(t.db, app.config, s.id, {}), group: await groupOf(s.role as StaffRole) });
    }
    const demoOrgIds = new Set((await t.db.select({ id: orgs.id }).from(orgs)).map((o) => o.id));

    // Intruders: one account per organisation role, each in a new organisation of its type with no relations.
    const intruders: (Caller & { staffId: number })[] = [];
    for (const role of staffRoles.filter((r) => !operatorRoles.has(r))) {
      const orgId = await createOrg(t.db, `T Intruder ${role}`, roleOrgType[role]);
      const areaId = areaScopedRoles.has(role) ? await createArea(t.db, orgId, `T Intruder ward ${role}`) : null;
      const staffId = await createStaff(t.db, { account: `tintruder${role}`, orgId, role, areaId });
      intruders.push({ name: `role ${role}`, staffId, token: await createSession(t.db, app.config, staffId, {}), group: await groupOf(role) });
    }
    const intruderOrgs = (await t.db.select({ orgId: staff.orgId }).from(staff).where(inArray(staff.id, intruders.map((i) => i.staffId)))).map((r) => r.orgId);
    expect(intruderOrgs.some((id) => demoOrgIds.has(id))).toBe(false);

    const lists = new Set(routes.filter((r) => r.method === 'GET' && !r.url.includes(':')).map((r) => r.url));
    const byId = routes.flatMap((route) => {
      const key = route.config?.permission;
      if (!key || !/\/:id$/.test(route.url)) return [];
      const methods = (Array.isArray(route.method) ? route.method : [route.method]).filter((m) => m !== 'HEAD');
      return methods.map((method) => ({ route, method, key: permissionKey(parsePermission(key).method, parsePermission(key).route) }));
    });
    expect(byId.length).toBeGreaterThan(100);

    /** The list a row of this route is found on: the path less its id, less trailing segments until a list exists. */
    const listOf = (url: string): string | undefined => {
      let base = url.replace(/\/:id$/, '');
      while (base.length > prefix.length && !lists.has(base)) base = base.slice(0, base.lastIndexOf('/'));
      return lists.has(base) ? base : undefined;
    };

    /** A row of the demo world for a list, and who owns it (reads it). */
    const found = new Map<string, { id: number; owner: Caller } | null>();
    async function victimOf(list: string) {
      if (found.has(list)) return found.get(list)!;
      let result: { id: number; owner: Caller } | null = null;
      for (const owner of owners) {
        if (!owner.group.has(permissionKey('GET', list.slice(prefix.length)))) continue;
        const res = await call(owner.token, 'GET', `${list}?per_page=1&order=asc`);
        const first = res.statusCode === 200 ? (res.json().data?.list?.[0] as { id?: unknown } | undefined) : undefined;
        if (typeof first?.id === 'number') {
          result = { id: first.id, owner };
          break;
        }
      }
      found.set(list, result);
      return result;
    }

    /** What the owner reads of the row: its detail, else its line in the list. */
    async function snapshot(list: string, id: number, owner: Caller): Promise<string> {
      const detail = await call(owner.token, 'GET', `${list}/${id}`);
      if (detail.statusCode === 200) return detail.body;
      const res = await call(owner.token, 'GET', `${list}?per_page=1000`);
      return JSON.stringify((res.json().data?.list ?? []).find((r: { id: number }) => r.id === id) ?? null);
    }

    const leaks: string[] = [];
    const notCovered: string[] = [];
    let attempts = 0;
    const validationFirst: string[] = [];
    for (const { route, method, key } of byId) {
      const list = listOf(route.url);
      const victim = list ? await victimOf(list) : null;
      const intruder = intruders.find((i) => i.group.has(key));
      if (!list || !victim || !intruder) {
        notCovered.push(`${method} ${route.url} (${!list ? 'no list' : !victim ? 'no demo row' : 'no organisation role holds it'})`);
        continue;
      }
      const before = await snapshot(list, victim.id, victim.owner);
      if (sharedSettings.has(list.slice(prefix.length))) {
        notCovered.push(`${method} ${route.url} (shared settings, not tenant data)`);
        continue;
      }
      const row = JSON.parse(before)?.data ?? JSON.parse(before) ?? {};
      const url = route.url.replace(':id', String(victim.id));
      const withBody = method !== 'GET' && method !== 'DELETE';
      // A body the route's schema accepts where possible (the row's own values), so the call reaches
      // the tenant guard instead of stopping at validation; an empty one otherwise.
      const fields = fieldsOf((route.schema as { body?: unknown } | undefined)?.body);
      const bodies = withBody ? [Object.fromEntries(fields.filter((f) => f in row).map((f) => [f, row[f]])), {}] : [undefined];
      let res;
      for (const body of bodies) {
        res = await call(intruder.token, method, url, body);
        attempts += 1;
        if (res.statusCode !== 422) break;
      }
      if (!res) throw new Error('no call made');
      if (res.statusCode === 422) validationFirst.push(`${method} ${route.url}`);
      else if (res.statusCode !== 404 || res.json().code !== ErrorCode.notFound) {
        leaks.push(`${intruder.name} ${method} ${route.url} on ${list.slice(prefix.length)} #${victim.id}: ${res.statusCode} ${res.body.slice(0, 160)}`);
      }
      const after = await snapshot(list, victim.id, victim.owner);
      if (after !== before) leaks.push(`${method} ${route.url} #${victim.id} changed the row: ${before.slice(0, 120)} → ${after.slice(0, 120)}`);
    }
    const covered = byId.length - notCovered.length;
    console.log(
      `cross-tenant: ${covered} of ${byId.length} id routes tried (${attempts} calls), ${leaks.length} leaks, ` +
        `${validationFirst.length} refused by validation before the guard (${validationFirst.join('; ')}); not covered: ${notCovered.join('; ')}`,
    );
    expect(leaks).toEqual([]);
    expect(covered).toBeGreaterThan(60);
  }, 180_000);
});
