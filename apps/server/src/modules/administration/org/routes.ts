import { eq, sql } from 'drizzle-orm';
import { orgResource } from '@vigil/contracts';
import { orgRelations, orgs } from '../../../db/schema/index.ts';
import { isOperator } from '../../../auth/scope.ts';
import { forbidden } from '../../../http/errors.ts';
import { defineResource } from '../../../resources/define.ts';

/**
 * /org: operators see and manage every organisation; everyone else sees only their own, read-only
 * (an organisation's type and guard flag decide which roles its staff may hold). Organisations are
 * disabled, never deleted: logs and readings keep pointing at them.
 */
export const orgRoutes = defineResource({
  resource: orgResource,
  table: orgs,
  wire: {
    enable: orgs.enabled,
  },
  scope: { org: orgs.id },
  placeArea: false,
  toInsert: (body) => ({
    name: body.name,
    type: body.type,
    isGuard: body.is_guard ?? false,
    phone: body.phone || null,
    address: body.address || null,
    escalationMinutes: body.escalation_minutes,
    requireSecondFactor: body.require_second_factor ?? false,
    enabled: body.enable ?? true,
  }),
  toUpdate: (body) => ({
    ...(body.name !== undefined && { name: body.name }),
    ...(body.phone !== undefined && { phone: body.phone || null }),
    ...(body.address !== undefined && { address: body.address || null }),
    ...(body.escalation_minutes !== undefined && { escalationMinutes: body.escalation_minutes }),
    ...(body.require_second_factor !== undefined && { requireSecondFactor: body.require_second_factor }),
  }),
  filters: {
    type: (v) => eq(orgs.type, v),
    enable: (v) => eq(orgs.enabled, v === 1),
    // SPEC §3 upper_id: the organisations an upper organisation relates to (its related organisations).
    upper_id: (v) => sql`${orgs.id} in (select ${orgRelations.relatedOrgId} from ${orgRelations} where ${orgRelations.orgId} = ${v})`,
  },
  search: { name: orgs.name, keyword: [orgs.name, orgs.phone, orgs.address] },
  enable: 'enabled',
  operations: ['list', 'detail', 'create', 'put', 'patch', 'enable'],
  // Default groups give organisation admins the /org pairs for their own page; writing stays the operator's.
  beforeWrite: ({ principal }) => {
    if (!isOperator(principal)) throw forbidden();
  },
});
