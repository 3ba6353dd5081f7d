import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { DeviceBinding, deviceTypeBinding, type DeviceBindRequest, type DeviceCreate, type DeviceRow, type DeviceType } from '@vigil/contracts';
import type { Db, Tx } from '../../../db/client.ts';
import { deviceBindings, devices } from '../../../db/schema/index.ts';
import type { Principal } from '../../../auth/principal.ts';
import { resolvePlacement } from '../../../auth/scope.ts';
import { invalid, processError } from '../../../http/errors.ts';
import { findMember } from '../../members/member/rows.ts';
import { findDevice } from './rows.ts';

/*
 * Device calls beyond CRUD: registration and key replacement (the key is answered once; only its
 * SHA-256 is stored, which ingestion compares), binding and unbinding. The routes drop the
 * ingestion directory's cached copy after each, so readings follow the change at once.
 */

function newKey(): { key: string; keyHash: string } {
  const key = randomBytes(24).toString('base64url');
  return { key, keyHash: createHash('sha256').update(key).digest('hex') };
}

/** Where a device may be bound: a member (wearables) or an area (room devices) of its own organisation. */
async function bindTarget(tx: Tx, p: Principal, device: DeviceRow, body: DeviceBindRequest) {
  const kind = deviceTypeBinding[device.type as DeviceType];
  if (kind === DeviceBinding.member) {
    if (body.member_id === undefined) throw invalid([{ field: 'member_id', message: 'validation.required' }]);
    const member = await findMember(tx, p, body.member_id);
    if (member.org_id !== device.org_id) throw invalid([{ field: 'member_id', message: 'validation.invalidOption' }], 'The member is not in the device organisation');
    return { memberId: member.id, areaId: null, deviceArea: member.area_id };
  }
  if (body.area_id === undefined) throw invalid([{ field: 'area_id', message: 'validation.required' }]);
  const placed = await resolvePlacement(tx, p, { orgId: device.org_id, areaId: body.area_id }, true);
  return { memberId: null, areaId: placed.areaId, deviceArea: placed.areaId };
}

/** Registers a device in the caller's organisation (or the one an operator names); answers its key once. */
export async function registerDevice(db: Db, p: Principal, body: DeviceCreate): Promise<DeviceRow & { key: string }> {
  const { key, keyHash } = newKey();
  const row = await db.transaction(async (tx) => {
    const placed = await resolvePlacement(tx, p, { orgId: body.org_id, areaId: body.area_id ?? null }, true);
    const [created] = await tx
      .insert(devices)
      .values({
        orgId: placed.orgId,
        areaId: placed.areaId,
        type: body.type,
        serial: body.serial,
        name: body.name || null,
        model: body.model || null,
        keyHash,
        enabled: body.enable ?? true,
      })
      .returning({ id: devices.id });
    return findDevice(tx, p, created.id);
  });
  return { ...row, key };
}

/** Replaces a lost key; the old one stops working at once. */
export async function replaceKey(db: Db, p: Principal, id: number): Promise<{ id: number; key: string }> {
  const device = await findDevice(db, p, id);
  const { key, keyHash } = newKey();
  await db.update(devices).set({ keyHash, updatedAt: new Date() }).where(eq(devices.id, device.id));
  return { id: device.id, key };
}

/** Binds an unbound device (-8 while bound); the binding history keeps who bound it and when. */
export async function bindDevice(db: Db, p: Principal, id: number, body: DeviceBindRequest): Promise<DeviceRow> {
  return db.transaction(async (tx) => {
    const device = await findDevice(tx, p, id);
    if (device.binding) throw processError('The device is bound; unbind it first');
    const target = await bindTarget(tx, p, device, body);
    await tx.insert(deviceBindings).values({
      deviceId: device.id,
      memberId: target.memberId,
      areaId: target.areaId,
      boundBy: p.staffId,
      remark: body.remark || null,
    });
    // The device follows its member's (or its own) area, so area-scoped staff see it with them.
    await tx.update(devices).set({ areaId: target.deviceArea, updatedAt: new Date() }).where(eq(devices.id, device.id));
    return findDevice(tx, p, device.id);
  });
}

/** Ends the current binding (-8 when there is none), stamped with who ended it. */
export async function unbindDevice(db: Db, p: Principal, id: number, remark: string | null | undefined): Promise<DeviceRow> {
  return db.transaction(async (tx) => {
    const device = await findDevice(tx, p, id);
    if (!device.binding) throw processError('The device is not bound');
    await tx
      .update(deviceBindings)
      .set({ unboundAt: new Date(), unboundBy: p.staffId, ...(remark && { remark }) })
      .where(and(eq(deviceBindings.deviceId, device.id), isNull(deviceBindings.unboundAt)));
    return findDevice(tx, p, device.id);
  });
}
