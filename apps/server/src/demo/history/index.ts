import { DeviceType, toUnix } from '@vigil/contracts';
import type { Db } from '../../db/client.ts';
import { DomainEventBus } from '../../events.ts';
import { IngestService } from '../../ingest/service.ts';
import { createRandom } from '../seed.ts';
import { boundDemoDevices } from './devices.ts';
import { generate, type DemoReading } from './generators.ts';

/** How much history the demo starts with. */
export const HISTORY_DAYS = 7;
/** Watches that record every minute (the rest every five): enough for the wearable page, cheap to seed. */
const ONE_MINUTE_WATCHES = 3;
const BATCH = 1000;

/**
 * A week of history for every bound demo device, stored through the real ingestion service so
 * the readings land under the member bound at the time and the alert rules raise the abnormal
 * events the occasional out-of-range value deserves. Deterministic for a given `now`.
 */
export async function seedHistory(
  db: Db,
  now: Date,
  events = new DomainEventBus(),
): Promise<{ readings: number; abnormal: number }> {
  const service = new IngestService(db, events);
  let abnormal = 0;
  events.on('abnormal', () => abnormal++);
  const to = Math.floor(toUnix(now) / 60) * 60;
  const devices = await boundDemoDevices(db);
  const oneMinute = new Set(
    devices
      .filter(
        (d) => d.memberId !== null && (d.type === DeviceType.watchB10 || d.type === DeviceType.watchB20),
      )
      .slice(0, ONE_MINUTE_WATCHES)
      .map((d) => d.id),
  );
  const rnd = createRandom(to);
  let stored = 0;
  for (const device of devices) {
    const from = Math.max(device.boundAt, to - HISTORY_DAYS * 86_400);
    const readings = generate(device, { from, to, rnd, oneMinute: oneMinute.has(device.id) });
    stored += await ingestAll(service, device.orgId, readings, now.getTime());
  }
  return { readings: stored, abnormal };
}

async function ingestAll(
  service: IngestService,
  orgId: number,
  readings: DemoReading[],
  nowMs: number,
): Promise<number> {
  let stored = 0;
  for (let i = 0; i < readings.length; i += BATCH) {
    const result = await service.ingest(
      { kind: 'gateway', gatewayId: 0, orgId },
      readings.slice(i, i + BATCH),
      nowMs,
    );
    if (result.rejected.length)
      throw new Error(`demo history rejected: ${JSON.stringify(result.rejected[0])}`);
    stored += result.accepted;
  }
  return stored;
}
