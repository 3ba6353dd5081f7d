import { createHash } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DeviceType } from '@vigil/contracts';
import type { Db } from '../db/client.ts';
import { areas, deviceBindings, devices, gateways, members } from '../db/schema/index.ts';
import { parseDeviceSettings, type DeviceSettings } from '../rules/settings.ts';

export type Named = { id: number; name: string };

/** One period of a device's binding history; `to` null while still bound (times in ms). */
export type Binding = {
  id: number;
  member: Named | null;
  area: Named | null;
  from: number;
  to: number | null;
};

/** A member's own area, for devices bound to a member rather than to an area. */
const memberAreas = alias(areas, 'member_areas');

export type DeviceEntry = {
  id: number;
  orgId: number;
  area: Named | null;
  type: DeviceType;
  serial: string;
  name: string | null;
  keyHash: string | null;
  enabled: boolean;
  settings: DeviceSettings;
  bindings: Binding[];
};

/** Who sent a batch: one device with its own key, or a gateway for any device of its organisation. */
export type Principal =
  { kind: 'device'; deviceId: number; orgId: number } | { kind: 'gateway'; gatewayId: number; orgId: number };

const named = (id: number | null, name: string | null): Named | null =>
  id !== null && name !== null ? { id, name } : null;

export const hashKey = (key: string) => createHash('sha256').update(key).digest('hex');

/**
 * The binding in force at time t: bound_at ≤ t < unbound_at. Bindings are few per device, so a
 * scan from the newest (the usual match for live data) is the fastest lookup.
 */
export function bindingAt(entry: DeviceEntry, t: number): Binding | null {
  for (let i = entry.bindings.length - 1; i >= 0; i--) {
    const b = entry.bindings[i];
    if (b.from <= t && (b.to === null || t < b.to)) return b;
  }
  return null;
}

/**
 * Devices, their binding history and key principals, cached so the ingest path runs no lookup
 * query per reading. Entries expire after a minute (a binding or key changed on another instance
 * is seen within it); the device module calls `invalidate` for changes made here.
 */
export class DeviceDirectory {
  private readonly devices = new Map<string, { entry: DeviceEntry | null; at: number }>();
  private readonly principals = new Map<string, { principal: Principal | null; at: number }>();
  private readonly pending = new Map<string, Promise<void>>();

  constructor(
    private readonly db: Db,
    private readonly ttlMs = 60_000,
  ) {}

  /** Entries for the given serials; unknown serials are absent from the map. */
  async load(serials: Iterable<string>): Promise<Map<string, DeviceEntry>> {
    const wanted = [...new Set(serials)];
    const now = Date.now();
    const missing: string[] = [];
    const waits = new Set<Promise<void>>();
    for (const serial of wanted) {
      const hit = this.devices.get(serial);
      if (hit && now - hit.at < this.ttlMs) continue;
      const inflight = this.pending.get(serial);
      if (inflight) waits.add(inflight);
      else missing.push(serial);
    }
    if (missing.length) {
      // Concurrent batches naming the same new devices share one lookup instead of racing it.
      const fetching = this.fetch(missing).finally(() => {
        for (const serial of missing) this.pending.delete(serial);
      });
      for (const serial of missing) this.pending.set(serial, fetching);
      waits.add(fetching);
    }
    await Promise.all(waits);
    const out = new Map<string, DeviceEntry>();
    for (const serial of wanted) {
      const entry = this.devices.get(serial)?.entry;
      if (entry) out.set(serial, entry);
    }
    return out;
  }

  private async fetch(missing: string[]): Promise<void> {
    const now = Date.now();
    const rows = await this.db
      .select({ d: devices, areaName: areas.name })
      .from(devices)
      .leftJoin(areas, eq(areas.id, devices.areaId))
      .where(inArray(devices.serial, missing));
    for (const serial of missing) this.devices.set(serial, { entry: null, at: now });
    if (!rows.length) return;
    const bindingRows = await this.db
      .select({
        b: deviceBindings,
        memberName: members.name,
        areaId: areas.id,
        areaName: areas.name,
        memberAreaId: memberAreas.id,
        memberAreaName: memberAreas.name,
      })
      .from(deviceBindings)
      .leftJoin(members, eq(members.id, deviceBindings.memberId))
      .leftJoin(areas, eq(areas.id, deviceBindings.areaId))
      .leftJoin(memberAreas, eq(memberAreas.id, members.areaId))
      .where(
        inArray(
          deviceBindings.deviceId,
          rows.map((r) => r.d.id),
        ),
      )
      .orderBy(deviceBindings.boundAt);
    const byDevice = new Map<number, typeof bindingRows>();
    for (const r of bindingRows) byDevice.set(r.b.deviceId, [...(byDevice.get(r.b.deviceId) ?? []), r]);
    for (const { d, areaName } of rows) {
      const entry: DeviceEntry = {
        id: d.id,
        orgId: d.orgId,
        area: named(d.areaId, areaName),
        type: d.type as DeviceType,
        serial: d.serial,
        name: d.name,
        keyHash: d.keyHash,
        enabled: d.enabled,
        settings: parseDeviceSettings(d.settings),
        bindings: (byDevice.get(d.id) ?? []).map((r) => ({
          id: r.b.id,
          member:
            r.b.memberId !== null && r.memberName !== null ? { id: r.b.memberId, name: r.memberName } : null,
          area: named(r.areaId, r.areaName) ?? named(r.memberAreaId, r.memberAreaName),
          from: r.b.boundAt.getTime(),
          to: r.b.unboundAt?.getTime() ?? null,
        })),
      };
      this.devices.set(d.serial, { entry, at: now });
    }
  }

  /** Resolves an `x-device-key` or `x-gateway-key`; null when neither matches an enabled sender. */
  async authenticate(keys: { device?: string; gateway?: string }): Promise<Principal | null> {
    const key = keys.device ?? keys.gateway;
    if (!key || key.length > 200) return null;
    const kind = keys.device ? 'device' : 'gateway';
    const hash = hashKey(key);
    const cacheKey = `${kind}:${hash}`;
    const hit = this.principals.get(cacheKey);
    if (hit && Date.now() - hit.at < this.ttlMs) return hit.principal;
    let principal: Principal | null = null;
    if (kind === 'device') {
      const [d] = await this.db
        .select({ id: devices.id, orgId: devices.orgId })
        .from(devices)
        .where(and(eq(devices.keyHash, hash), eq(devices.enabled, true)))
        .limit(1);
      if (d) principal = { kind: 'device', deviceId: d.id, orgId: d.orgId };
    } else {
      const [g] = await this.db
        .select({ id: gateways.id, orgId: gateways.orgId })
        .from(gateways)
        .where(and(eq(gateways.keyHash, hash), eq(gateways.enabled, true)))
        .limit(1);
      if (g) principal = { kind: 'gateway', gatewayId: g.id, orgId: g.orgId };
    }
    this.principals.set(cacheKey, { principal, at: Date.now() });
    return principal;
  }

  /** Forget cached devices (all, or those with the given serial) and principals after an edit. */
  invalidate(serial?: string): void {
    if (serial === undefined) this.devices.clear();
    else this.devices.delete(serial);
    this.principals.clear();
  }
}
