import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { AbnormalType, DataSource, DeviceType } from '@vigil/contracts';
import { openDatabase, type Database } from '../db/client.ts';
import { abnormalEvents, devices } from '../db/schema/index.ts';
import { DomainEventBus } from '../events.ts';
import { AbnormalRaiser } from '../modules/abnormal/raiser.ts';
import { seedIngestWorld } from './fixtures.ts';
import { IngestService } from './service.ts';
import { dailyMeasurementSweep, offlineSweep } from './sweep.ts';

let database: Database;
beforeAll(async () => {
  database = await openDatabase({ kind: 'pglite' });
  await database.migrate();
});
afterAll(() => database.close());

describe('periodic rules', () => {
  it('reports a device offline after its limit, not at it', async () => {
    const world = await seedIngestWorld(database.db, { members: 2, orgName: 'Offline' });
    const now = new Date();
    const [atLimit, beyond] = world.devices;
    await database.db.update(devices).set({ lastSeenAt: new Date(now.getTime() - 30 * 60_000) }).where(eq(devices.id, atLimit.id));
    await database.db.update(devices).set({ lastSeenAt: new Date(now.getTime() - 31 * 60_000) }).where(eq(devices.id, beyond.id));
    const raiser = new AbnormalRaiser(database.db, new DomainEventBus());
    expect(await offlineSweep(database.db, raiser, now)).toBe(1);
    expect(await offlineSweep(database.db, raiser, now)).toBe(0);
    const [event] = await database.db.select().from(abnormalEvents).where(eq(abnormalEvents.deviceId, beyond.id));
    expect(event).toMatchObject({ type: AbnormalType.deviceOffline, memberId: world.members[1].id, detail: { minute: 31, standard: 30 } });

    // Data again closes the offline event at once.
    const service = new IngestService(database.db, new DomainEventBus());
    await service.ingest({ kind: 'gateway', gatewayId: 0, orgId: world.org.id }, [
      { serial: beyond.serial, kind: 'heartRate', source: DataSource.watchB10_1m, occur_time: Math.floor(now.getTime() / 1000) - 5, values: { value: 70 } },
    ]);
    const [after] = await database.db.select().from(abnormalEvents).where(eq(abnormalEvents.id, event.id));
    expect(after.recoveredAt).not.toBeNull();
  });

  it('raises too few measurements for a spot device below its daily count', async () => {
    const world = await seedIngestWorld(database.db, { members: 2, orgName: 'Daily', deviceType: DeviceType.bloodPressureMonitor });
    const [none, measured] = world.devices;
    await database.db.update(devices).set({ settings: { dailyMeasurements: 1, utcOffsetMinutes: 0 } });
    const now = new Date(Date.UTC(2030, 0, 2, 1));
    const service = new IngestService(database.db, new DomainEventBus());
    await service.ingest(
      { kind: 'gateway', gatewayId: 0, orgId: world.org.id },
      [{ serial: measured.serial, kind: 'bloodPressure', source: DataSource.bloodPressureMonitor, occur_time: Date.UTC(2030, 0, 1, 8) / 1000, values: { sys: 120, dia: 80 } }],
      now.getTime(),
    );
    const raiser = new AbnormalRaiser(database.db, new DomainEventBus());
    expect(await dailyMeasurementSweep(database.db, raiser, now)).toBe(1);
    const [event] = await database.db.select().from(abnormalEvents).where(eq(abnormalEvents.type, AbnormalType.tooFewMeasurements));
    expect(event).toMatchObject({ deviceId: none.id, detail: { value: 0, standard: 1 } });
  });
});
