import { describe, expect, it } from 'vitest';
import { nowUnix } from '@vigil/contracts';
import { useTestApp } from '../../../test/helpers.ts';
import { createRandom, seedDemo } from '../seed.ts';
import { boundDemoDevices } from '../history/devices.ts';
import { simulateWindow, startSimulator } from './index.ts';

const t = useTestApp();

describe('live simulator', () => {
  it('streams valid readings for the demo devices and publishes live room data', async () => {
    await seedDemo(t.db);
    const devices = await boundDemoDevices(t.db);
    const live: string[] = [];
    t.app.events.on('deviceData', (e) => live.push(e.room));
    const now = nowUnix();
    const result = await simulateWindow(t.app.ingest, devices, now - 600, now, createRandom(7));
    expect(result.rejected).toEqual([]);
    expect(result.accepted).toBeGreaterThan(500);
    expect(new Set(live)).toEqual(expect.objectContaining(new Set(['sleep', 'space', 'air', 'watch'])));
  });

  it('does nothing when the simulator is switched off', () => {
    expect(t.app.config.simulator).toBe(false);
    expect(() => startSimulator(t.app).stop()).not.toThrow();
  });
});
