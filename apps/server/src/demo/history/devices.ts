import { and, eq, isNull } from 'drizzle-orm';
import type { DeviceType } from '@vigil/contracts';
import { toUnix } from '@vigil/contracts';
import type { Db } from '../../db/client.ts';
import { deviceBindings, devices } from '../../db/schema/index.ts';

/** A bound demo device: what the history and the simulator generate readings for. */
export type DemoDevice = {
  id: number;
  orgId: number;
  type: DeviceType;
  serial: string;
  memberId: number | null;
  boundAt: number;
};

/** Every device currently bound (to a member or an area), oldest first so choices stay stable. */
export async function boundDemoDevices(db: Db): Promise<DemoDevice[]> {
  const rows = await db
    .select({
      id: devices.id,
      orgId: devices.orgId,
      type: devices.type,
      serial: devices.serial,
      memberId: deviceBindings.memberId,
      boundAt: deviceBindings.boundAt,
    })
    .from(deviceBindings)
    .innerJoin(devices, eq(devices.id, deviceBindings.deviceId))
    .where(and(isNull(deviceBindings.unboundAt), eq(devices.enabled, true)))
    .orderBy(devices.id);
  return rows.map((r) => ({
    ...r,
    type: r.type as DeviceType,
    boundAt: toUnix(r.boundAt),
  }));
}
