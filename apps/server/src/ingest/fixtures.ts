import { DeviceType } from '@vigil/contracts';
import type { Db } from '../db/client.ts';
import { areas, deviceBindings, devices, gateways, members, orgs } from '../db/schema/index.ts';
import { hashKey } from './directory.ts';

/**
 * A small world for ingestion tests and the benchmark: one organisation with an area, members,
 * devices with keys bound to them, and a gateway. Keys are derived from serials so callers know them.
 */
export async function seedIngestWorld(
  db: Db,
  options: { members?: number; deviceType?: DeviceType; orgName?: string; boundAt?: Date } = {},
) {
  const count = options.members ?? 2;
  const type = options.deviceType ?? DeviceType.watchB10;
  const [org] = await db
    .insert(orgs)
    .values({ name: options.orgName ?? 'Ingest Care', type: 1 })
    .returning();
  const [area] = await db.insert(areas).values({ orgId: org.id, name: 'Ward A' }).returning();
  const memberRows = await db
    .insert(members)
    .values(
      Array.from({ length: count }, (_, i) => ({ orgId: org.id, areaId: area.id, name: `Member ${i + 1}` })),
    )
    .returning();
  const deviceRows = await db
    .insert(devices)
    .values(
      memberRows.map((_, i) => ({
        orgId: org.id,
        areaId: area.id,
        type,
        serial: `${org.id}-dev-${i + 1}`,
        name: `Watch ${i + 1}`,
        keyHash: hashKey(`key-${org.id}-dev-${i + 1}`),
      })),
    )
    .returning();
  const boundAt = options.boundAt ?? new Date(Date.now() - 40 * 24 * 3600_000);
  await db
    .insert(deviceBindings)
    .values(deviceRows.map((d, i) => ({ deviceId: d.id, memberId: memberRows[i].id, boundAt })));
  const gatewayKey = `gateway-${org.id}`;
  await db.insert(gateways).values({ orgId: org.id, name: 'Hub', keyHash: hashKey(gatewayKey) });
  return {
    org,
    area,
    members: memberRows,
    devices: deviceRows,
    gatewayKey,
    deviceKey: (i: number) => `key-${org.id}-dev-${i + 1}`,
  };
}

/** A member of an existing organisation with one device bound to them for the last 40 days. */
export async function addMonitoredMember(
  db: Db,
  orgId: number,
  areaId: number | null,
  name: string,
  type: DeviceType = DeviceType.watchB10,
) {
  const [member] = await db.insert(members).values({ orgId, areaId, name }).returning();
  const [device] = await db
    .insert(devices)
    .values({
      orgId,
      areaId,
      type,
      serial: `m${member.id}-${type}`,
      name: `${name}'s device`,
      keyHash: hashKey(`key-m${member.id}`),
    })
    .returning();
  await db
    .insert(deviceBindings)
    .values({ deviceId: device.id, memberId: member.id, boundAt: new Date(Date.now() - 40 * 24 * 3600_000) });
  return { member, device };
}
