import { beforeAll, describe, expect, it } from 'vitest';
import { DataSource, nowUnix } from '@vigil/contracts';
import { useTestApp } from '../../test/helpers.ts';
import { seedIngestWorld } from '../ingest/fixtures.ts';
import { announced, parseAbnormalPayload } from '../realtime/payloads.ts';

const TOKEN = 'metrics-token-for-the-test-0123456789';
const t = useTestApp({ metricsToken: TOKEN });
let world: Awaited<ReturnType<typeof seedIngestWorld>>;

beforeAll(async () => {
  world = await seedIngestWorld(t.db, { members: 6, orgName: 'T Metrics home' });
});

async function scrape(): Promise<string> {
  const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/plain/);
  return res.body;
}

/** The value of one sample line (`name{labels} value`), 0 when absent. */
function sample(text: string, series: string): number {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

describe('GET /metrics', () => {
  it('is absent without the token', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer wrong' } })).statusCode).toBe(404);
  });

  it('after a burst of readings, counts them by outcome and times every alert delivered', async () => {
    const before = await scrape();
    let delivered = 0;
    const count = (event: { payload: unknown }) => {
      // What the staff channel's relay delivers: a valid payload of an announced alert.
      const payload = parseAbnormalPayload(event.payload);
      if (payload && announced(payload, false)) delivered++;
    };
    t.app.events.on('abnormal', count);
    const now = nowUnix();
    const principal = { kind: 'gateway' as const, gatewayId: 1, orgId: world.org.id };
    try {
      for (let burst = 0; burst < 5; burst++) {
        const readings = world.devices.map((d, i) => ({
          serial: d.serial,
          kind: 'heartRate',
          source: DataSource.watchB10_1m,
          occur_time: now - 300 + burst * 10 + i,
          // Every other member's heart races: new alerts, then repeats announced as updates.
          values: { value: i % 2 ? 170 + burst : 72 },
        }));
        await t.app.ingest.ingest(principal, [...readings, { serial: 'nope', kind: 'heartRate' }]);
      }
      // A re-sent reading is a duplicate.
      await t.app.ingest.ingest(principal, [{ serial: world.devices[0].serial, kind: 'heartRate', source: DataSource.watchB10_1m, occur_time: now - 300, values: { value: 72 } }]);
    } finally {
      t.app.events.off('abnormal', count);
    }
    const after = await scrape();
    const delta = (series: string) => sample(after, series) - sample(before, series);
    expect(delivered).toBeGreaterThan(0);
    expect(delta('vigil_alert_delivery_seconds_count')).toBe(delivered);
    expect(delta('vigil_ingest_readings_total{outcome="accepted"}')).toBe(5 * world.devices.length);
    expect(delta('vigil_ingest_readings_total{outcome="rejected"}')).toBe(5);
    expect(delta('vigil_ingest_readings_total{outcome="duplicate"}')).toBe(1);
    expect(after).toContain('vigil_http_request_duration_seconds_bucket');
    expect(after).toContain('route="/metrics"');
    expect(after).toMatch(/vigil_realtime_sockets \d+/);
    expect(after).toContain('vigil_db_pool_connections{state="total"}');
    expect(after).toContain('vigil_notifications_queued_total');
  });
});
