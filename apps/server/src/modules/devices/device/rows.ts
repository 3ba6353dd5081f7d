import { and, eq, sql } from 'drizzle-orm';
import type { DeviceRow } from '@vigil/contracts';
import type { Db, Tx } from '../../../db/client.ts';
import { devices, orgs } from '../../../db/schema/index.ts';
import type { Principal } from '../../../auth/principal.ts';
import { scopeCondition, type ScopeColumns } from '../../../auth/scope.ts';
import { notFound } from '../../../http/errors.ts';
import { areaName } from '../../../resources/names.ts';
import { compileWire, time, timeOrNull, type WireMap } from '../../../resources/wire.ts';

export const deviceScope: ScopeColumns = { org: devices.orgId, area: devices.areaId };

type OpenBinding = DeviceRow['binding'];

export const deviceWire: WireMap<DeviceRow> = {
  id: devices.id,
  org_id: devices.orgId,
  org_name: orgs.name,
  area_id: devices.areaId,
  area_name: areaName(devices.areaId),
  type: devices.type,
  serial: devices.serial,
  name: devices.name,
  model: devices.model,
  enable: devices.enabled,
  last_seen_at: timeOrNull(devices.lastSeenAt),
  // The open binding (at most one: device_bindings_open_uq), with the names the list shows.
  binding: sql<OpenBinding>`(select json_build_object('id', b.id, 'member_id', b.member_id, 'member_name', m.name,
      'area_id', b.area_id, 'area_name', a.name, 'bound_at', floor(extract(epoch from b.bound_at))::int)
    from device_bindings b left join members m on m.id = b.member_id left join areas a on a.id = b.area_id
    where b.device_id = ${devices.id} and b.unbound_at is null)`,
  created_at: time(devices.createdAt),
  updated_at: time(devices.updatedAt),
};
export const deviceJoins = [{ table: orgs, on: eq(orgs.id, devices.orgId) }];

const deviceSelection = compileWire(deviceWire);

/** A device in the caller's scope, or -7. */
export async function findDevice(db: Db | Tx, p: Principal, id: number): Promise<DeviceRow> {
  const [row] = await db
    .select(deviceSelection.fields)
    .from(devices)
    .innerJoin(orgs, eq(orgs.id, devices.orgId))
    .where(and(eq(devices.id, id), scopeCondition(p, deviceScope)));
  if (!row) throw notFound();
  return deviceSelection.toRow(row);
}
