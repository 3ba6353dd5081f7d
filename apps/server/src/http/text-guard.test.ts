import { beforeAll, describe, expect, it } from 'vitest';
import { DataSource, ErrorCode, nowUnix } from '@vigil/contracts';
import { createWorld } from '../../test/fixtures.ts';
import { api, login, useTestApp } from '../../test/helpers.ts';
import { seedIngestWorld } from '../ingest/fixtures.ts';
import { controlCharacterAt } from './text-guard.ts';

describe('controlCharacterAt', () => {
  it('finds a NUL or other control character in strings and keys, at any depth it walks', () => {
    expect(controlCharacterAt({ name: 'Ada', remark: 'line one\nline two\ttabbed' })).toBeNull();
    expect(controlCharacterAt({ a: { b: ['ok', 'x\u0000y'] } })).toBe('a.b.1');
    expect(controlCharacterAt({ ['k\u0001']: 1 })).toBe('k\u0001');
    expect(controlCharacterAt('\u001f')).toBe('');
    expect(controlCharacterAt(null)).toBeNull();
  });
});

describe('text with control characters', () => {
  const t = useTestApp();
  let token: string;
  let ingest: Awaited<ReturnType<typeof seedIngestWorld>>;
  beforeAll(async () => {
    await createWorld(t.db);
    token = await login(t.app, 'tadmina');
    ingest = await seedIngestWorld(t.db, { members: 1 });
  });

  it('is refused with -5 naming the field, in a query, a body and the sign-in form', async () => {
    const list = await api(t.app, token).get('/user', { keyword: 'a\u0000' });
    expect(list.statusCode).toBe(422);
    expect(list.json()).toMatchObject({ code: ErrorCode.validationFailed, errors: [{ field: 'keyword' }] });
    const signIn = await api(t.app).post('/login', { account: 'tadmina\u0000', password: 'x' });
    expect(signIn.json()).toMatchObject({ code: ErrorCode.validationFailed, errors: [{ field: 'account' }] });
    const area = await api(t.app, token).post('/area', { name: 'East\u0000' });
    expect(area.json().code).toBe(ErrorCode.validationFailed);
  });

  it('refuses only the reading that carries it in an ingest batch', async () => {
    const serial = ingest.devices[0].serial;
    const reading = (s: string, occur_time: number) => ({
      serial: s,
      kind: 'heartRate',
      source: DataSource.watchB10_1m,
      occur_time,
      values: { value: 70 },
    });
    const now = nowUnix();
    const res = await t.app.inject({
      method: 'POST',
      url: `${t.app.config.apiPrefix}/ingest/readings`,
      headers: { 'x-device-key': ingest.deviceKey(0) },
      payload: { readings: [reading(`${serial}\u0000`, now - 120), reading(serial, now - 60)] },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ accepted: 1, rejected: [{ index: 0, code: ErrorCode.validationFailed }] });
  });
});
