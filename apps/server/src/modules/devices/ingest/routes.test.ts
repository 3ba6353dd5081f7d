import { beforeAll, describe, expect, it } from 'vitest';
import { DataSource, ErrorCode, nowUnix } from '@vigil/contracts';
import { useTestApp } from '../../../../test/helpers.ts';
import { seedIngestWorld } from '../../../ingest/fixtures.ts';

const t = useTestApp();
let world: Awaited<ReturnType<typeof seedIngestWorld>>;
const now = nowUnix();

beforeAll(async () => {
  world = await seedIngestWorld(t.db, { members: 2 });
});

const post = (body: unknown, headers: Record<string, string>) =>
  t.app.inject({ method: 'POST', url: '/api/ingest/readings', payload: body as object, headers });

describe('POST /ingest/readings', () => {
  it('accepts a gateway batch, reports duplicates and rejections with HTTP 200', async () => {
    const serial = world.devices[0].serial;
    const readings = [
      {
        serial,
        kind: 'bloodOxygen',
        source: DataSource.watchB10_1m,
        occur_time: now - 60,
        values: { value: 97 },
      },
      {
        serial,
        kind: 'bloodOxygen',
        source: DataSource.watchB10_1m,
        occur_time: now - 30,
        values: { value: 20 },
      },
    ];
    const first = await post({ readings }, { 'x-gateway-key': world.gatewayKey });
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toMatchObject({
      accepted: 1,
      duplicates: 0,
      rejected: [{ index: 1, code: ErrorCode.validationFailed }],
    });
    const again = await post({ readings }, { 'x-gateway-key': world.gatewayKey });
    expect(again.json().data).toMatchObject({ accepted: 0, duplicates: 1 });
  });

  it('takes a device key for its own device', async () => {
    const res = await post(
      {
        readings: [
          {
            serial: world.devices[1].serial,
            kind: 'heartRate',
            source: DataSource.watchB10_1m,
            occur_time: now - 5,
            values: { value: 64 },
          },
        ],
      },
      { 'x-device-key': world.deviceKey(1) },
    );
    expect(res.json().data).toEqual({ accepted: 1, duplicates: 0, rejected: [] });
  });

  it('refuses a missing or wrong key with -3', async () => {
    const res = await post({ readings: [{}] }, { 'x-device-key': 'nope' });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe(ErrorCode.noPermission);
  });

  it('answers a malformed body with -5 422', async () => {
    for (const body of [
      { readings: 'x' },
      { readings: [] },
      { readings: Array(1001).fill({}) },
      { nope: 1 },
    ]) {
      const res = await post(body, { 'x-gateway-key': world.gatewayKey });
      expect(res.statusCode).toBe(422);
      expect(res.json().code).toBe(ErrorCode.validationFailed);
    }
  });
});
