import type { FastifyInstance } from 'fastify';
import { nowUnix } from '@vigil/contracts';
import { boundDemoDevices, type DemoDevice } from '../history/devices.ts';
import type { IngestService } from '../../ingest/service.ts';
import type { Random } from '../history/generators.ts';
import { dueReadings } from './live.ts';
import { startPeriodic } from '../../jobs/periodic.ts';

/** Live readings are generated this often; each device sends only what fell due since the last tick. */
export const SIMULATOR_TICK_MS = 5000;
/** Bindings changed on the admin pages reach the simulator within this time. */
const DEVICE_REFRESH_MS = 5 * 60_000;

/**
 * Streams live readings from the demo devices through the real ingestion service (validation,
 * storage, rules, abnormal events, live device rooms), with occasional abnormal values, as a
 * periodic job (jobs/periodic.ts: never overlapping, a failed tick logged and retried). Off unless
 * config.simulator. Call it once the app is ready; call `stop` before closing the app.
 */
export function startSimulator(app: FastifyInstance): { stop(): void } {
  if (!app.config.simulator) return { stop: () => undefined };
  let devices: DemoDevice[] = [];
  let loadedAt = 0;
  let last = nowUnix();

  const tick = async () => {
    if (Date.now() - loadedAt > DEVICE_REFRESH_MS) {
      devices = await boundDemoDevices(app.database.db);
      loadedAt = Date.now();
    }
    const now = nowUnix();
    await simulateWindow(app.ingest, devices, last, now, Math.random);
    last = now;
  };

  const job = startPeriodic(tick, { everyMs: SIMULATOR_TICK_MS, log: app.log, failure: 'simulator: tick failed' });
  app.log.info({ everyMs: SIMULATOR_TICK_MS }, 'simulator: streaming live demo readings');
  return job;
}

/** Sends what every device produced in (since, until], one gateway batch per organisation. */
export async function simulateWindow(
  service: IngestService,
  devices: DemoDevice[],
  since: number,
  until: number,
  rnd: Random,
) {
  const byOrg = new Map<number, ReturnType<typeof dueReadings>>();
  for (const device of devices) {
    const due = dueReadings(device, since, until, rnd);
    if (due.length) byOrg.set(device.orgId, [...(byOrg.get(device.orgId) ?? []), ...due]);
  }
  let accepted = 0;
  const rejected: unknown[] = [];
  for (const [orgId, readings] of byOrg) {
    const result = await service.ingest({ kind: 'gateway', gatewayId: 0, orgId }, readings);
    accepted += result.accepted;
    rejected.push(...result.rejected);
  }
  return { accepted, rejected };
}
