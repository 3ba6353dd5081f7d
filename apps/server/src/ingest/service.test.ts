import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNull } from 'drizzle-orm';
import { AbnormalType, DataSource, ErrorCode, nowUnix, fromUnix } from '@vigil/contracts';
import { useTestApp } from '../../test/helpers.ts';
import { abnormalEvents, deviceBindings, members, readings } from '../db/schema/index.ts';
import { DomainEventBus } from '../events.ts';
import { seedIngestWorld } from './fixtures.ts';
import { IngestService } from './service.ts';

const t = useTestApp();
let service: IngestService;
let world: Awaited<ReturnType<typeof seedIngestWorld>>;
const events = new DomainEventBus();
const now = nowUnix();
const hr = (serial: string, t: number, value: number) => ({
  serial,
  kind: 'heartRate',
  source: DataSource.watchB10_1m,
  occur_time: t,
  values: { value },
});

beforeAll(async () => {
  world = await seedIngestWorld(t.db, { members: 4 });
  service = new IngestService(t.db, events);
});

const gateway = () => ({ kind: 'gateway' as const, gatewayId: 1, orgId: world.org.id });

describe('ingest service', () => {
  it('stores a re-sent batch only once', async () => {
    const serial = world.devices[0].serial;
    const batch = [hr(serial, now - 600, 70), hr(serial, now - 540, 71)];
    expect(await service.ingest(gateway(), batch)).toEqual({ accepted: 2, duplicates: 0, rejected: [] });
    expect(await service.ingest(gateway(), batch)).toEqual({ accepted: 0, duplicates: 2, rejected: [] });
    const rows = await t.db.select().from(readings).where(eq(readings.deviceId, world.devices[0].id));
    expect(rows).toHaveLength(2);
  });

  it('rejects bad readings one by one and keeps the good ones', async () => {
    const serial = world.devices[1].serial;
    const result = await service.ingest(gateway(), [
      hr(serial, now - 300, 72),
      hr('no-such-device', now - 300, 72),
      hr(serial, now - 299, 400),
      hr(serial, now + 3600, 72),
      hr(serial, now - 31 * 86400, 72),
      { serial, kind: 'heartRate' },
      { ...hr(serial, now - 298, 72), source: DataSource.bloodPressureMonitor },
      {
        serial,
        kind: 'bloodPressure',
        source: DataSource.manual,
        occur_time: now - 200,
        values: { sys: 80, dia: 90 },
      },
      hr(serial, now - 297, 73),
    ]);
    expect(result.accepted).toBe(2);
    expect(result.rejected.map((r) => [r.index, r.code])).toEqual([
      [1, ErrorCode.notFound],
      [2, ErrorCode.validationFailed],
      [3, ErrorCode.validationFailed],
      [4, ErrorCode.validationFailed],
      [5, ErrorCode.validationFailed],
      [6, ErrorCode.validationFailed],
      [7, ErrorCode.validationFailed],
    ]);
    expect(result.rejected[2].reason).toMatch(/future/);
  });

  it('refuses a sleep record whose stages stray outside its night, and stores a sound one', async () => {
    const serial = world.devices[3].serial;
    const start = now - 8 * 3600;
    const end = start + 7 * 3600;
    const sleep = (detail_obj: { type: number; start_time: number; end_time: number | null }[], end_time = end) => ({
      serial,
      kind: 'sleep',
      source: DataSource.watchB10_5m,
      occur_time: start,
      values: { end_time, detail_obj, data: null },
    });
    const result = await service.ingest(gateway(), [
      sleep([{ type: 1, start_time: start - 5, end_time: null }]),
      sleep([{ type: 1, start_time: start, end_time: end + 60 }]),
      sleep([{ type: 2, start_time: start + 600, end_time: start + 300 }]),
      sleep([{ type: 1, start_time: start, end_time: start + 3600 }], start + 25 * 3600),
      sleep([
        { type: 1, start_time: start, end_time: start + 3600 },
        { type: 2, start_time: start + 3600, end_time: null },
      ]),
    ]);
    expect(result.rejected.map((r) => [r.index, r.code])).toEqual([
      [0, ErrorCode.validationFailed],
      [1, ErrorCode.validationFailed],
      [2, ErrorCode.validationFailed],
      [3, ErrorCode.validationFailed],
    ]);
    expect(result.rejected[0].reason).toMatch(/detail_obj\.0\.start_time/);
    expect(result.accepted).toBe(1);
  });

  it('refuses a device of another organisation, and devices a device key does not own', async () => {
    const other = await seedIngestWorld(t.db, { members: 1, orgName: 'Other Org' });
    const result = await service.ingest(gateway(), [hr(other.devices[0].serial, now - 10, 70)]);
    expect(result.rejected).toEqual([
      { index: 0, code: ErrorCode.notFound, reason: expect.stringMatching(/unknown device/) },
    ]);
    const own = await service.authenticate({ device: world.deviceKey(0) });
    expect(own).toMatchObject({ kind: 'device', deviceId: world.devices[0].id });
    const mixed = await service.ingest(own!, [
      hr(world.devices[0].serial, now - 20, 70),
      hr(world.devices[1].serial, now - 20, 70),
    ]);
    expect(mixed.accepted).toBe(1);
    expect(mixed.rejected.map((r) => r.index)).toEqual([1]);
    expect(await service.authenticate({ device: 'wrong' })).toBeNull();
    expect(await service.authenticate({ gateway: world.gatewayKey })).toMatchObject({
      kind: 'gateway',
      orgId: world.org.id,
    });
  });

  it('files a reading under the member bound at its occurrence time', async () => {
    const device = world.devices[2];
    const [first, second] = [world.members[2], world.members[0]];
    const switchAt = now - 3600;
    await t.db
      .update(deviceBindings)
      .set({ unboundAt: fromUnix(switchAt) })
      .where(eq(deviceBindings.deviceId, device.id));
    await t.db
      .insert(deviceBindings)
      .values({ deviceId: device.id, memberId: second.id, boundAt: fromUnix(switchAt) });
    service.directory.invalidate(device.serial);
    await service.ingest(gateway(), [hr(device.serial, switchAt - 1, 66), hr(device.serial, switchAt, 67)]);
    const rows = await t.db
      .select()
      .from(readings)
      .where(eq(readings.deviceId, device.id))
      .orderBy(readings.occurTime);
    expect(rows.map((r) => [r.value, r.memberId])).toEqual([
      [66, first.id],
      [67, second.id],
    ]);
  });

  it('raises one open event per member, device and type, and announces it', async () => {
    const serial = world.devices[1].serial;
    const memberId = world.members[1].id;
    const announced: unknown[] = [];
    events.on('abnormal', (e) => announced.push(e.payload));
    await service.ingest(gateway(), [hr(serial, now - 100, 160), hr(serial, now - 90, 170)]);
    await service.ingest(gateway(), [hr(serial, now - 80, 180)]);
    const open = await t.db
      .select()
      .from(abnormalEvents)
      .where(
        and(
          eq(abnormalEvents.memberId, memberId),
          eq(abnormalEvents.type, AbnormalType.instantHeartRateHigh),
          isNull(abnormalEvents.recoveredAt),
        ),
      );
    expect(open).toHaveLength(1);
    expect(open[0].detail).toEqual({ value: 160, standard: 150 });
    // The repeats are merged into the one event: its count and latest time, announced as updates.
    expect(open[0].repeatCount).toBe(3);
    expect(open[0].lastOccurTime?.getTime()).toBe((now - 80) * 1000);
    expect(announced).toHaveLength(3);
    expect(new Set(announced.map((a) => (a as { id: number }).id)).size).toBe(1);
    expect(announced.at(-1)).toMatchObject({ count: 3 });
    const [member] = await t.db.select().from(members).where(eq(members.id, memberId));
    expect(announced[0]).toMatchObject({
      type: AbnormalType.instantHeartRateHigh,
      is_handle: false,
      source: {
        type: 'watch',
        user: { id: memberId, name: member.name },
        area: { id: world.area.id },
        device: { id: world.devices[1].id },
      },
    });
    // Even bypassing the in-memory snapshot, the partial unique index refuses a second open event.
    await expect(
      t.db
        .insert(abnormalEvents)
        .values({
          orgId: world.org.id,
          memberId,
          deviceId: world.devices[1].id,
          type: AbnormalType.instantHeartRateHigh,
          category: 0,
          occurTime: new Date(),
        }),
    ).rejects.toThrow();
  });
});
