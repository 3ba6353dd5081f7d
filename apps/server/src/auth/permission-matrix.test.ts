import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ErrorCode, Role, areaScopedRoles, operatorRoles, permissionKey, roleOrgType, staffRoles, type ApiPermission, type StaffRole } from '@vigil/contracts';
import { apiGroups, roles } from '../db/schema/index.ts';
import { createArea, createOrg, createStaff, enrolTestAuthenticator } from '../../test/fixtures.ts';
import { useRouteCatalogue, useTestApp } from '../../test/helpers.ts';
import { createSession } from './sessions.ts';
import { parsePermission } from './permissions.ts';

/*
 * Generated from the route catalogue and the default API groups: every role × every declared
 * route and method. A pair the role's group holds must get past the guard (not -3/403); any other
 * pair must answer -3 before the handler runs.
 */

const t = useTestApp();
const catalogue = useRouteCatalogue(t);
const { routes } = catalogue;

async function groupOf(role: StaffRole): Promise<Set<string>> {
  const [row] = await t.db
    .select({ permissions: apiGroups.permissions })
    .from(roles)
    .innerJoin(apiGroups, eq(apiGroups.id, roles.apiGroupId))
    .where(eq(roles.id, role));
  return new Set((row?.permissions ?? []).map((p: ApiPermission) => permissionKey(p.method, p.route)));
}

describe('permission matrix', () => {
  it('every role × route × method: granted pairs pass the guard, all others answer -3', async () => {
    const app = catalogue.app();
    const declared = routes.flatMap((route) => {
      const key = route.config?.permission;
      if (!key) return [];
      const pair = parsePermission(key);
      const methods = (Array.isArray(route.method) ? route.method : [route.method]).filter((m) => m !== 'HEAD');
      return methods.map((method) => ({ route, method, key: permissionKey(pair.method, pair.route) }));
    });
    expect(declared.length).toBeGreaterThan(100);
    const mismatches: string[] = [];
    let checked = 0;
    let granted = 0;
    for (const role of staffRoles) {
      const orgId = await createOrg(t.db, `T Matrix ${role}`, roleOrgType[role]);
      const areaId = areaScopedRoles.has(role) ? await createArea(t.db, orgId, `T Matrix ward ${role}`) : null;
      const staffId = await createStaff(t.db, { account: `tmatrix${role}`, orgId, role, areaId });
      // The operator level is refused everything but its own account until it has a second factor.
      if (operatorRoles.has(role)) await enrolTestAuthenticator(t.db, staffId);
      const group = await groupOf(role);
      let token = await createSession(t.db, app.config, staffId, {});
      for (const { route, method, key } of declared) {
        const url = route.url.replace(/:[A-Za-z_]+/g, '2147483647');
        const withBody = method !== 'GET' && method !== 'DELETE';
        const send = () =>
          app.inject({
            method: method as 'GET',
            url,
            headers: { authorization: `Bearer ${token}`, ...(withBody ? { 'content-type': 'application/json' } : {}) },
            ...(withBody ? { payload: '{}' } : {}),
          });
        let res = await send();
        if (res.statusCode === 401) {
          // A granted logout ended the session: go on with a new one.
          token = await createSession(t.db, app.config, staffId, {});
          res = await send();
        }
        checked += 1;
        const allowed = group.has(key);
        if (allowed) granted += 1;
        // FHIR's routes refuse as FHIR does: an OperationOutcome whose issue is 'forbidden'.
        // Only a refusal is read: a granted export answers a CSV file, not JSON.
        const body = res.statusCode === 403 ? res.json() : {};
        const refused = res.statusCode === 403 && (body.code === ErrorCode.noPermission || body.issue?.[0]?.code === 'forbidden');
        if (allowed === refused) mismatches.push(`role ${role} ${key}: granted=${allowed}, got ${res.statusCode} ${res.body.slice(0, 120)}`);
      }
    }
    console.log(`permission matrix: ${checked} role × route pairs (${granted} granted), ${mismatches.length} mismatches`);
    expect(mismatches).toEqual([]);
  }, 300_000);

  it('walks least-privilege defaults: guards hold no member write, and keep alerts and safe zones', async () => {
    const memberWrites = ['POST /user', 'PUT /user/{id}', 'PATCH /user/{id}', 'DELETE /user/{id}', 'POST /user-system/user', 'DELETE /user-system/user/{id}'];
    for (const role of [Role.orgGuard, Role.guardStaff]) {
      const group = await groupOf(role);
      expect(memberWrites.filter((key) => group.has(key)), `role ${role}`).toEqual([]);
      expect(group.has('GET /user') && group.has('POST /handle/abnormal')).toBe(true);
    }
    expect((await groupOf(Role.guardStaff)).has('PUT /user/safe-zone/{id}')).toBe(true);
  });
});
