import { and, eq, gte, inArray, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import { DeviceType, type AbnormalType, toUnix, fromUnix } from '@vigil/contracts';
import type { Db } from '../db/client.ts';
import { areas, deviceBindings, devices, members, readings } from '../db/schema/index.ts';
import type { AbnormalRaiser, RaiseRequest } from '../alerts/raiser.ts';
import { offlineRule, tooFewMeasurementsRule } from '../rules/care.ts';
import { parseDeviceSettings } from '../rules/settings.ts';
import type { Raised } from '../rules/types.ts';

/** Devices measured now and then by hand, whose daily count the "too few measurements" rule checks. */
export const spotDeviceTypes: readonly DeviceType[] = [
  DeviceType.bloodPressureMonitor,
  DeviceType.glucometer,
  DeviceType.thermometer,
  DeviceType.scale,
  DeviceType.foraD40g,
  DeviceType.multiMeter,
];

/** Every bound, enabled device with what an event about it needs. */
async function boundDevices(db: Db, types?: readonly DeviceType[]) {
  return db
    .select({
      d: devices,
      bindingId: deviceBindings.id,
      memberId: deviceBindings.memberId,
      memberName: members.name,
      memberRoom: members.room,
      memberBed: members.bed,
      areaId: sql<number | null>`coalesce(${deviceBindings.areaId}, ${members.areaId}, ${devices.areaId})`,
      areaName: areas.name,
    })
    .from(deviceBindings)
    .innerJoin(devices, eq(devices.id, deviceBindings.deviceId))
    .leftJoin(members, eq(members.id, deviceBindings.memberId))
    .leftJoin(
      areas,
      eq(areas.id, sql`coalesce(${deviceBindings.areaId}, ${members.areaId}, ${devices.areaId})`),
    )
    .where(
      and(
        isNull(deviceBindings.unboundAt),
        eq(devices.enabled, true),
        types ? inArray(devices.type, [...types]) : undefined,
      ),
    );
}

type Bound = Awaited<ReturnType<typeof boundDevices>>[number];

function request(b: Bound, raised: Raised, at: Date): RaiseRequest {
  return {
    orgId: b.d.orgId,
    areaId: b.areaId,
    memberId: b.memberId,
    deviceId: b.d.id,
    bindingId: b.bindingId,
    type: raised.type as AbnormalType,
    occurTime: at,
    detail: raised.detail,
    names: {
      member:
        b.memberId !== null && b.memberName !== null
          ? { id: b.memberId, name: b.memberName, room: b.memberRoom, bed: b.memberBed }
          : null,
      area: b.areaId !== null && b.areaName !== null ? { id: b.areaId, name: b.areaName } : null,
      device: { id: b.d.id, type: b.d.type, name: b.d.name },
    },
  };
}

/** Bound devices silent for longer than their offline limit (a device never heard from is not judged). */
export async function offlineSweep(db: Db, raiser: AbnormalRaiser, now: Date): Promise<number> {
  const bound = (await boundDevices(db)).filter((b) => b.d.lastSeenAt !== null);
  const out: RaiseRequest[] = [];
  for (const b of bound) {
    const raised = offlineRule({
      lastSeenAt: toUnix(b.d.lastSeenAt!),
      now: toUnix(now),
      limitMinutes: parseDeviceSettings(b.d.settings).offlineMinutes,
      iot: b.d.type === DeviceType.chylyngWatch,
    });
    if (raised) out.push(request(b, raised, now));
  }
  // An offline device is re-checked every minute: a lasting state, not a repeated crossing.
  return raiser.raise(out, { countRepeats: false });
}

/** Start (unix seconds) of the local day before `now` for a device's UTC offset. */
export function previousLocalDay(now: Date, utcOffsetMinutes: number): number {
  const offset = utcOffsetMinutes * 60;
  return Math.floor((toUnix(now) + offset) / 86400) * 86400 - offset - 86400;
}

/** Spot devices of members that measured fewer times yesterday than their setting asks. */
export async function dailyMeasurementSweep(db: Db, raiser: AbnormalRaiser, now: Date): Promise<number> {
  const bound = (await boundDevices(db, spotDeviceTypes)).filter((b) => b.memberId !== null);
  if (!bound.length) return 0;
  const earliest = Math.min(
    ...bound.map((b) => previousLocalDay(now, parseDeviceSettings(b.d.settings).utcOffsetMinutes)),
  );
  const counts = await db
    .select({ deviceId: readings.deviceId, t: readings.occurTime })
    .from(readings)
    .where(
      and(
        inArray(
          readings.deviceId,
          bound.map((b) => b.d.id),
        ),
        gte(readings.occurTime, fromUnix(earliest)),
        lt(readings.occurTime, now),
        isNotNull(readings.memberId),
      ),
    );
  const out: RaiseRequest[] = [];
  for (const b of bound) {
    const settings = parseDeviceSettings(b.d.settings);
    const from = previousLocalDay(now, settings.utcOffsetMinutes);
    const count = counts.filter(
      (c) => c.deviceId === b.d.id && c.t >= fromUnix(from) && c.t < fromUnix(from + 86400),
    ).length;
    const raised = tooFewMeasurementsRule({ count, expected: settings.dailyMeasurements });
    if (raised) out.push(request(b, raised, fromUnix(from + 86400)));
  }
  return raiser.raise(out);
}

/** The periodic rules run this often: the offline limits are whole minutes. */
export const ALERT_SWEEP_MS = 60_000;

/**
 * The periodic rules, one run per tick of the jobs plugin: offline every time, the daily count once
 * per UTC day (per instance; the one-open-event index keeps a second instance from doubling it).
 */
export function alertSweeps(db: Db, raiser: AbnormalRaiser): () => Promise<void> {
  let lastDay = -1;
  return async () => {
    const now = new Date();
    await offlineSweep(db, raiser, now);
    const day = Math.floor(now.getTime() / 86_400_000);
    if (day !== lastDay) {
      lastDay = day;
      await dailyMeasurementSweep(db, raiser, now);
    }
  };
}
