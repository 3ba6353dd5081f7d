import { and, eq, sql } from 'drizzle-orm';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import type { DeviceRow } from '@vigil/contracts';
import type { Db, Tx } from '../../db/client.ts';
import { areas, devices, orgs } from '../../db/schema/index.ts';
import type { Principal } from '../../auth/principal.ts';
import { scopeCondition, type ScopeColumns } from '../../auth/scope.ts';
import { notFound } from '../../http/errors.ts';
import { unix, unixOrNull } from '../../resources/rows.ts';

export const deviceScope: ScopeColumns = { org: devices.orgId, area: devices.areaId };

type OpenBinding = DeviceRow['binding'];

export const deviceFields = {
  id: devices.id,
  orgId: devices.orgId,
  orgName: orgs.name,
  areaId: devices.areaId,
  areaName: sql<string | null>`(select ${areas.name} from ${areas} where ${areas.id} = ${devices.areaId})`,
  type: devices.type,
  serial: devices.serial,
  name: devices.name,
  model: devices.model,
  enabled: devices.enabled,
  lastSeenAt: devices.lastSeenAt,
  // The open binding (at most one: device_bindings_open_uq), with the names the list shows.
  binding: sql<OpenBinding>`(select json_build_object('id', b.id, 'member_id', b.member_id, 'member_name', m.name,
      'area_id', b.area_id, 'area_name', a.name, 'bound_at', floor(extract(epoch from b.bound_at))::int)
    from device_bindings b left join members m on m.id = b.member_id left join areas a on a.id = b.area_id
    where b.device_id = ${devices.id} and b.unbound_at is null)`,
  createdAt: devices.createdAt,
  updatedAt: devices.updatedAt,
};
export const deviceJoins = [{ table: orgs, on: eq(orgs.id, devices.orgId) }];

export function toDeviceRow(r: SelectResultFields<typeof deviceFields>): DeviceRow {
  return {
    id: r.id,
    org_id: r.orgId,
    org_name: r.orgName,
    area_id: r.areaId,
    area_name: r.areaName,
    type: r.type,
    serial: r.serial,
    name: r.name,
    model: r.model,
    enable: r.enabled,
    last_seen_at: unixOrNull(r.lastSeenAt),
    binding: r.binding,
    created_at: unix(r.createdAt),
    updated_at: unix(r.updatedAt),
  };
}

/** A device in the caller's scope, or -7. */
export async function findDevice(db: Db | Tx, p: Principal, id: number): Promise<DeviceRow> {
  const [row] = await db
    .select(deviceFields)
    .from(devices)
    .innerJoin(orgs, eq(orgs.id, devices.orgId))
    .where(and(eq(devices.id, id), scopeCondition(p, deviceScope)));
  if (!row) throw notFound();
  return toDeviceRow(row);
}
