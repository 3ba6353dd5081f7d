import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { AbnormalType, DataSource, DeviceType, toUnix } from '@vigil/contracts';
import { useTestApp } from '../../test/helpers.ts';
import { abnormalEvents, devices } from '../db/schema/index.ts';
import { DomainEventBus } from '../events.ts';
import { AbnormalRaiser } from '../alerts/raiser.ts';
import { seedIngestWorld } from './fixtures.ts';
import { IngestService } from './service.ts';
import { dailyMeasurementSweep, offlineSweep } from './sweep.ts';

const t = useTestApp();

describe('periodic rules', () => {
  it('reports a device offline after its limit, not at it', async () => {
    const world = await seedIngestWorld(t.db, { members: 2, orgName: 'Offline' });
    const now = new Date();
    const [atLimit, beyond] = world.devices;
    await t.db
      .update(devices)
      .set({ lastSeenAt: new Date(now.getTime() - 30 * 60_000) })
      .where(eq(devices.id, atLimit.id));
    await t.db
      .update(devices)
      .set({ lastSeenAt: new Date(now.getTime() - 31 * 60_000) })
      .where(eq(devices.id, beyond.id));
    const raiser = new AbnormalRaiser(t.db, new DomainEventBus());
    await offlineSweep(t.db, raiser, now);
    await offlineSweep(t.db, raiser, now);
    expect(await t.db.select().from(abnormalEvents).where(eq(abnormalEvents.deviceId, atLimit.id))).toEqual(
      [],
    );
    const beyondEvents = await t.db
      .select()
      .from(abnormalEvents)
      .where(eq(abnormalEvents.deviceId, beyond.id));
    expect(beyondEvents).toHaveLength(1);
    const [event] = beyondEvents;
    expect(event).toMatchObject({
      type: AbnormalType.deviceOffline,
      memberId: world.members[1].id,
      detail: { minute: 31, standard: 30 },
    });

    // Data again closes the offline event at once.
    const service = new IngestService(t.db, new DomainEventBus());
    await service.ingest({ kind: 'gateway', gatewayId: 0, orgId: world.org.id }, [
      {
        serial: beyond.serial,
        kind: 'heartRate',
        source: DataSource.watchB10_1m,
        occur_time: toUnix(now) - 5,
        values: { value: 70 },
      },
    ]);
    const [after] = await t.db.select().from(abnormalEvents).where(eq(abnormalEvents.id, event.id));
    expect(after.recoveredAt).not.toBeNull();
  });

  it('raises too few measurements for a spot device below its daily count', async () => {
    const world = await seedIngestWorld(t.db, {
      members: 2,
      orgName: 'Daily',
      deviceType: DeviceType.bloodPressureMonitor,
    });
    const [none, measured] = world.devices;
    await t.db
      .update(devices)
      .set({ settings: { dailyMeasurements: 1, utcOffsetMinutes: 0 } })
      .where(eq(devices.orgId, world.org.id));
    const now = new Date(Date.UTC(2030, 0, 2, 1));
    const service = new IngestService(t.db, new DomainEventBus());
    await service.ingest(
      { kind: 'gateway', gatewayId: 0, orgId: world.org.id },
      [
        {
          serial: measured.serial,
          kind: 'bloodPressure',
          source: DataSource.bloodPressureMonitor,
          occur_time: toUnix(new Date(Date.UTC(2030, 0, 1, 8))),
          values: { sys: 120, dia: 80 },
        },
      ],
      now.getTime(),
    );
    const raiser = new AbnormalRaiser(t.db, new DomainEventBus());
    await dailyMeasurementSweep(t.db, raiser, now);
    const events = await t.db
      .select()
      .from(abnormalEvents)
      .where(
        and(eq(abnormalEvents.type, AbnormalType.tooFewMeasurements), eq(abnormalEvents.orgId, world.org.id)),
      );
    expect(events).toMatchObject([{ deviceId: none.id, detail: { value: 0, standard: 1 } }]);
  });
});
