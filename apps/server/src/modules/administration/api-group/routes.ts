import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { apiGroupResource, permissionKey, type ApiPermission } from '@vigil/contracts';
import { apiGroups } from '../../../db/schema/index.ts';
import { isOperator } from '../../../auth/scope.ts';
import { forbidden, invalid } from '../../../http/errors.ts';
import { defineResource } from '../../../resources/define.ts';
import { mapped } from '../../../resources/wire.ts';

/**
 * /api/group: named lists of permission pairs a role can point at. Every pair must be one the
 * server enforces (its catalogue, GET /api), so a typo can't silently grant nothing. Groups are
 * global: only operators write them. A group still used by a role can't be deleted (-8).
 */
export async function apiGroupRoutes(app: FastifyInstance): Promise<void> {
  /**
   * Pairs the group did not hold before must be in the catalogue. Pairs it already held are kept
   * as they are: default groups name pages whose routes later work may add, and editing one must
   * not force dropping them.
   */
  function checkPermissions(permissions: ApiPermission[] | undefined, held: readonly ApiPermission[] = []): void {
    if (!permissions) return;
    const known = new Set([...app.catalogue.list(), ...held].map((p) => permissionKey(p.method, p.route)));
    const errors = permissions
      .map((p, i) => ({ p, i }))
      .filter(({ p }) => !known.has(permissionKey(p.method, p.route)))
      .map(({ i }) => ({ field: `permissions.${i}`, message: 'validation.invalidOption' }));
    if (errors.length) throw invalid(errors, 'Unknown permission pairs');
  }

  await app.register(
    defineResource({
      resource: apiGroupResource,
      tag: 'permissions',
      table: apiGroups,
      // List rows carry the pairs too: a group holds at most a few hundred, and the page shows them.
      wire: {
        permission_count: mapped(apiGroups.permissions, (pairs) => pairs.length),
        // Spelled out: in a query without joins Drizzle leaves columns unqualified, and "id" would mean roles.id here.
        role_ids: sql<number[]>`coalesce((select json_agg(r.id order by r.id) from roles r where r.api_group_id = "api_groups"."id"), '[]'::json)`,
      },
      toInsert: (body) => ({ name: body.name, remark: body.remark || null, permissions: body.permissions }),
      toUpdate: (body) => ({
        ...(body.name !== undefined && { name: body.name }),
        ...(body.remark !== undefined && { remark: body.remark || null }),
        ...(body.permissions !== undefined && { permissions: body.permissions }),
      }),
      search: { name: apiGroups.name, keyword: [apiGroups.name, apiGroups.remark] },
      // SPEC §3 router: the group a role (by its number) holds.
      filters: { router: (v) => sql`exists (select 1 from roles r where r.api_group_id = "api_groups"."id" and r.id = ${v})` },
      beforeWrite: ({ principal, values, before }) => {
        if (!isOperator(principal)) throw forbidden();
        checkPermissions(values.permissions as ApiPermission[] | undefined, before?.permissions);
      },
    }),
  );
}
