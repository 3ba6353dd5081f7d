import { createHash } from 'node:crypto';
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DeviceType, SafeZone } from '@vigil/contracts';
import type { Db } from '../db/client.ts';
import { areas, deviceBindings, devices, gateways, members } from '../db/schema/index.ts';
import type { MemberNamed, Named } from '../alerts/payload.ts';
import { parseDeviceSettings, type DeviceSettings } from '../rules/settings.ts';


/** One period of a device's binding history; `to` null while still bound (times in ms). */
export type Binding = {
  id: number;
  member: MemberNamed | null;
  area: Named | null;
  /** The bound member's safe zone (location rules), null when none is set. */
  safeZone: SafeZone | null;
  from: number;
  to: number | null;
};

/** A member's own area, for devices bound to a member rather than to an area. */
const memberAreas = alias(areas, 'member_areas');
/** The area a room device is bound to. */
const bindingAreas = alias(areas, 'binding_areas');

/** Most devices a warm-up loads: a large fleet warms its most recently heard devices, the rest on demand. */
export const WARM_LIMIT = 20_000;

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
  private warming: Promise<void> | null = null;

  constructor(
    private readonly db: Db,
    private readonly ttlMs = 60_000,
  ) {}

  /** Cached entries (known and unknown serials). */
  get size(): number {
    return this.devices.size;
  }

  /** Entries for the given serials; unknown serials are absent from the map. */
  async load(serials: Iterable<string>): Promise<Map<string, DeviceEntry>> {
    if (this.warming) await this.warming;
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

  /**
   * Loads the devices of the given organisations (all of them when none are named) with their
   * binding history in one query, so a freshly started service does not meet its first traffic
   * cold. Bounded: at most `limit` devices, the most recently heard from first. Returns the
   * members bound now, whose standards the caller may warm too.
   */
  async warm(options: { orgIds?: readonly number[]; limit?: number } = {}): Promise<number[]> {
    const run = this.warmNow(options);
    // Batches arriving meanwhile wait for it instead of fetching the same devices again.
    this.warming = run.then(
      () => undefined,
      () => undefined,
    );
    try {
      return await run;
    } finally {
      this.warming = null;
    }
  }

  private async warmNow(options: { orgIds?: readonly number[]; limit?: number }): Promise<number[]> {
    const picked = this.db
      .select({ id: devices.id })
      .from(devices)
      .where(options.orgIds ? inArray(devices.orgId, [...options.orgIds]) : undefined)
      .orderBy(sql`${devices.lastSeenAt} desc nulls last`, devices.id)
      .limit(options.limit ?? WARM_LIMIT);
    const entries = await this.query(inArray(devices.id, picked));
    const now = Date.now();
    const bound: number[] = [];
    for (const entry of entries) {
      // Aged by up to half the lifetime at random, so the warmed cohort does not expire in one
      // second and send every batch of that second back to the database together.
      this.devices.set(entry.serial, { entry, at: now - Math.floor(Math.random() * (this.ttlMs / 2)) });
      const current = entry.bindings.at(-1);
      if (current?.member && current.to === null) bound.push(current.member.id);
    }
    return bound;
  }

  private async fetch(missing: string[]): Promise<void> {
    const now = Date.now();
    const entries = await this.query(inArray(devices.serial, missing));
    for (const serial of missing) this.devices.set(serial, { entry: null, at: now });
    for (const entry of entries) this.devices.set(entry.serial, { entry, at: now });
  }

  /** Devices matching `where` with their binding history (oldest first), in one round trip. */
  private async query(where: SQL): Promise<DeviceEntry[]> {
    const rows = await this.db
      .select({
        d: devices,
        areaName: areas.name,
        b: deviceBindings,
        memberName: members.name,
        memberRoom: members.room,
        memberBed: members.bed,
        memberSafeZone: members.safeZone,
        bindingAreaId: bindingAreas.id,
        bindingAreaName: bindingAreas.name,
        memberAreaId: memberAreas.id,
        memberAreaName: memberAreas.name,
      })
      .from(devices)
      .leftJoin(areas, eq(areas.id, devices.areaId))
      .leftJoin(deviceBindings, eq(deviceBindings.deviceId, devices.id))
      .leftJoin(members, eq(members.id, deviceBindings.memberId))
      .leftJoin(bindingAreas, eq(bindingAreas.id, deviceBindings.areaId))
      .leftJoin(memberAreas, eq(memberAreas.id, members.areaId))
      .where(where)
      .orderBy(devices.id, deviceBindings.boundAt);
    const out: DeviceEntry[] = [];
    let entry: DeviceEntry | undefined;
    for (const r of rows) {
      const { d } = r;
      if (entry?.id !== d.id) {
        entry = {
          id: d.id,
          orgId: d.orgId,
          area: named(d.areaId, r.areaName),
          type: d.type as DeviceType,
          serial: d.serial,
          name: d.name,
          keyHash: d.keyHash,
          enabled: d.enabled,
          settings: parseDeviceSettings(d.settings),
          bindings: [],
        };
        out.push(entry);
      }
      const b = r.b;
      if (!b) continue;
      entry.bindings.push({
        id: b.id,
        member:
          b.memberId !== null && r.memberName !== null
            ? { id: b.memberId, name: r.memberName, room: r.memberRoom, bed: r.memberBed }
            : null,
        safeZone: b.memberId !== null ? r.memberSafeZone : null,
        area: named(r.bindingAreaId, r.bindingAreaName) ?? named(r.memberAreaId, r.memberAreaName),
        from: b.boundAt.getTime(),
        to: b.unboundAt?.getTime() ?? null,
      });
    }
    return out;
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
