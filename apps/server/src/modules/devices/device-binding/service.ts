import { and, desc, eq, isNull } from 'drizzle-orm';
import { DeviceType, toUnix, toUnixOrNull, type MemberDeviceRecord } from '@vigil/contracts';
import type { Db } from '../../../db/client.ts';
import { deviceBindings, devices } from '../../../db/schema/index.ts';
import type { Principal } from '../../../auth/principal.ts';
import { scopeCondition, type ScopeColumns } from '../../../auth/scope.ts';
import { notFound } from '../../../http/errors.ts';
import { staffName } from '../../../resources/names.ts';
import { findMember } from '../../members/member/rows.ts';

/** Bindings are scoped through their device. */
export const bindingScope: ScopeColumns = { org: devices.orgId, area: devices.areaId };

/** Ends an open 4G watch binding in the caller's scope (-7 for anything else), stamped with who ended it. */
export async function endWatchBinding(db: Db, p: Principal, id: number): Promise<void> {
  const [binding] = await db
    .select({ id: deviceBindings.id })
    .from(deviceBindings)
    .innerJoin(devices, eq(devices.id, deviceBindings.deviceId))
    .where(and(eq(deviceBindings.id, id), eq(devices.type, DeviceType.chylyngWatch), isNull(deviceBindings.unboundAt), scopeCondition(p, bindingScope)));
  if (!binding) throw notFound();
  await db.update(deviceBindings).set({ unboundAt: new Date(), unboundBy: p.staffId }).where(eq(deviceBindings.id, binding.id));
}

/** A member's devices, present and past, newest binding first, with who bound and unbound each. */
export async function memberDevices(db: Db, p: Principal, memberId: number): Promise<MemberDeviceRecord[]> {
  const member = await findMember(db, p, memberId);
  const rows = await db
    .select({
      id: deviceBindings.id,
      deviceId: devices.id,
      type: devices.type,
      serial: devices.serial,
      name: devices.name,
      model: devices.model,
      boundAt: deviceBindings.boundAt,
      unboundAt: deviceBindings.unboundAt,
      boundBy: staffName(deviceBindings.boundBy),
      unboundBy: staffName(deviceBindings.unboundBy),
    })
    .from(deviceBindings)
    .innerJoin(devices, eq(devices.id, deviceBindings.deviceId))
    .where(eq(deviceBindings.memberId, member.id))
    .orderBy(desc(deviceBindings.boundAt), desc(deviceBindings.id));
  return rows.map((b) => ({
    id: b.id,
    device_id: b.deviceId,
    device_type: b.type,
    serial: b.serial,
    device_name: b.name,
    model: b.model,
    bound_at: toUnix(b.boundAt),
    unbound_at: toUnixOrNull(b.unboundAt),
    bound_by_name: b.boundBy,
    unbound_by_name: b.unboundBy,
  }));
}
