import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, inArray, isNull } from 'drizzle-orm';
import {
  DeviceType,
  ErrorCode,
  IndexPanelPath,
  areaSummary,
  deviceRealTimeRow,
  deviceSummary,
  Role,
  paginated,
  sleepDeviceSummary,
} from '@vigil/contracts';
import type { Database } from '../../../db/client.ts';
import { areas, deviceBindings, devices, members, staff, tempRoles } from '../../../db/schema/index.ts';
import { seedDemo } from '../../../demo/seed.ts';
import { DEMO_PASSWORD } from '../../../demo/data.ts';
import { openTestDatabase, startInstance, type Instance } from '../../../../test/realtime.ts';
import { api, login } from '../../../../test/helpers.ts';
import { wornDeviceTypes } from './service.ts';

// The index page's panels (docs/architecture.md "Home page"): figures of the caller's own scope,
// each route guarded by the permission of the page whose rows it counts.

let database: Database;
let instance: Instance;
const nowS = () => Math.floor(Date.now() / 1000);

beforeAll(async () => {
  database = await openTestDatabase();
  await seedDemo(database.db);
  instance = await startInstance(database);
}, 120_000);

afterAll(async () => {
  await instance?.close();
  await database?.close();
});

async function get(account: string, path: string) {
  const token = await login(instance.app, account, DEMO_PASSWORD);
  return (await api(instance.app, token).get(path)).json();
}

async function orgOf(account: string): Promise<{ orgId: number; areaId: number | null }> {
  const [row] = await database.db
    .select({ orgId: staff.orgId, areaId: staff.areaId })
    .from(staff)
    .where(eq(staff.account, account));
  return row;
}

describe('device panel (GET /device/bind/summary)', () => {
  it('counts the worn devices the real-time page lists, by state, and follows fresh readings', async () => {
    const before = deviceSummary.parse((await get('guardadmin', IndexPanelPath.devices)).data);
    const listed = paginated(deviceRealTimeRow).parse(
      (await get('guardadmin', '/device/bind/real-time?per_page=-1')).data,
    );
    expect(before.bound).toBe(listed.total);
    expect(before.bound).toBeGreaterThan(0);
    expect(before.online + before.offline).toBe(before.bound);

    // One watch reports now: low battery and taken off.
    const { orgId } = await orgOf('guardadmin');
    const [watch] = await database.db
      .select({ serial: devices.serial })
      .from(deviceBindings)
      .innerJoin(devices, eq(devices.id, deviceBindings.deviceId))
      .where(
        and(
          eq(devices.orgId, orgId),
          eq(devices.type, DeviceType.chylyngWatch),
          isNull(deviceBindings.unboundAt),
        ),
      )
      .limit(1);
    const t = nowS();
    await instance.app.ingest.ingest({ kind: 'gateway', gatewayId: 0, orgId }, [
      { serial: watch.serial, kind: 'battery', source: 25, occur_time: t, values: { level: 5 } },
      { serial: watch.serial, kind: 'wearing', source: 25, occur_time: t, values: { worn: false } },
    ]);
    const after = deviceSummary.parse((await get('guardadmin', IndexPanelPath.devices)).data);
    expect(after.bound).toBe(before.bound);
    expect(after.low_battery).toBeGreaterThanOrEqual(1);
    expect(after.not_worn).toBeGreaterThanOrEqual(1);
    expect(after.online).toBeGreaterThanOrEqual(1);
  });

  it('never counts another organisation’s devices', async () => {
    const openWorn = async (orgId: number) => {
      const [row] = await database.db
        .select({ n: count() })
        .from(deviceBindings)
        .innerJoin(devices, eq(devices.id, deviceBindings.deviceId))
        .innerJoin(members, eq(members.id, deviceBindings.memberId))
        .where(
          and(
            eq(devices.orgId, orgId),
            isNull(deviceBindings.unboundAt),
            inArray(devices.type, [...wornDeviceTypes]),
          ),
        );
      return Number(row.n);
    };
    for (const account of ['orgadmin', 'guardadmin', 'hospadmin']) {
      const summary = deviceSummary.parse((await get(account, IndexPanelPath.devices)).data);
      expect(summary.bound, account).toBe(await openWorn((await orgOf(account)).orgId));
    }
  });

  it('refuses a role without the real-time page (-3)', async () => {
    expect((await get('hoteladmin', IndexPanelPath.devices)).code).toBe(ErrorCode.noPermission);
    expect((await get('pharmstaff', IndexPanelPath.devices)).code).toBe(ErrorCode.noPermission);
  });
});

describe('sleep-device panel (GET /device/sleep/summary)', () => {
  it('counts the hotel’s sleep sensors by bed status; a sensor reporting now is in bed', async () => {
    const { orgId } = await orgOf('hoteladmin');
    const sensors = await database.db
      .select({ serial: devices.serial, bound: deviceBindings.id })
      .from(devices)
      .leftJoin(
        deviceBindings,
        and(eq(deviceBindings.deviceId, devices.id), isNull(deviceBindings.unboundAt)),
      )
      .where(
        and(eq(devices.orgId, orgId), eq(devices.type, DeviceType.sleepSensor), eq(devices.enabled, true)),
      );
    const bound = sensors.find((s) => s.bound !== null)!;
    const before = sleepDeviceSummary.parse((await get('hoteladmin', IndexPanelPath.sleepDevices)).data);
    expect(before.total).toBe(sensors.length);
    expect(before.in_bed + before.out_of_bed + before.no_signal).toBe(before.total);

    const result = await instance.app.ingest.ingest({ kind: 'gateway', gatewayId: 0, orgId }, [
      {
        serial: bound.serial,
        kind: 'bed',
        source: 1,
        occur_time: nowS(),
        values: { status: 1, minutes: 30, heart_rate: 62, breath_rate: 14 },
      },
    ]);
    expect(result.rejected).toEqual([]);
    const after = sleepDeviceSummary.parse((await get('hoteladmin', IndexPanelPath.sleepDevices)).data);
    expect(after.total).toBe(before.total);
    expect(after.in_bed).toBeGreaterThanOrEqual(1);
    expect(after.in_bed + after.out_of_bed + after.no_signal).toBe(after.total);
  });

  it('refuses a role without the sleep history page (-3)', async () => {
    expect((await get('pharmadmin', IndexPanelPath.sleepDevices)).code).toBe(ErrorCode.noPermission);
  });
});

describe('area panel (GET /area/summary)', () => {
  it('lists the caller’s own areas with their members; alerts only for a caller who may read them', async () => {
    const { orgId } = await orgOf('orgadmin');
    const own = await database.db
      .select({ id: areas.id })
      .from(areas)
      .where(and(eq(areas.orgId, orgId), eq(areas.enabled, true)));
    const summary = areaSummary.parse((await get('orgadmin', IndexPanelPath.areas)).data);
    expect(summary.list.map((a) => a.area_id).sort()).toEqual(own.map((a) => a.id).sort());
    for (const area of summary.list) {
      const [row] = await database.db
        .select({ n: count() })
        .from(members)
        .where(and(eq(members.areaId, area.area_id), eq(members.enabled, true)));
      expect(area.members, area.area_name).toBe(Number(row.n));
      expect(area.open_alerts).not.toBeNull();
    }
    // A nursing aide reads areas (its member form picks one) but not alerts.
    const aide = areaSummary.parse((await get('aide', IndexPanelPath.areas)).data);
    expect(aide.list.length).toBeGreaterThan(0);
    expect(aide.list.every((a) => a.open_alerts === null)).toBe(true);
  });

  it('shows the alert counts while a temporary role lends the alert list, and hides them once it expires', async () => {
    const [aide] = await database.db.select({ id: staff.id }).from(staff).where(eq(staff.account, 'aide'));
    const [lent] = await database.db
      .insert(tempRoles)
      .values({ staffId: aide.id, role: Role.orgAdmin, expiresAt: new Date(Date.now() + 3_600_000) })
      .returning({ id: tempRoles.id });
    try {
      const lending = areaSummary.parse((await get('aide', IndexPanelPath.areas)).data);
      expect(lending.list.every((a) => a.open_alerts !== null)).toBe(true);
      await database.db.update(tempRoles).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(tempRoles.id, lent.id));
      const expired = areaSummary.parse((await get('aide', IndexPanelPath.areas)).data);
      expect(expired.list.every((a) => a.open_alerts === null)).toBe(true);
    } finally {
      await database.db.delete(tempRoles).where(eq(tempRoles.id, lent.id));
    }
  });

  it('gives an area admin only its own area', async () => {
    const { areaId } = await orgOf('orgarea');
    const summary = areaSummary.parse((await get('orgarea', IndexPanelPath.areas)).data);
    expect(summary.list.map((a) => a.area_id)).toEqual([areaId]);
  });

  it('refuses a role without the area list (-3)', async () => {
    expect((await get('pharmstaff', IndexPanelPath.areas)).code).toBe(ErrorCode.noPermission);
  });
});
