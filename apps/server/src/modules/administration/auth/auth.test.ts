import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ErrorCode, loginResponse, Role } from '@vigil/contracts';
import { orgs, sessions, staff } from '../../../db/schema/index.ts';
import { hashToken } from '../../../auth/tokens.ts';
import { createWorld, TEST_PASSWORD, type World } from '../../../../test/fixtures.ts';
import { api, buildTestApp, login, useTestApp } from '../../../../test/helpers.ts';

const t = useTestApp();
let world: World;
beforeAll(async () => {
  world = await createWorld(t.db);
});

describe('POST /login', () => {
  it('returns a token, the user, the role API group, sidebar and router (loginResponse shape)', async () => {
    const res = await api(t.app).post('/login', { account: 'tadmina', password: TEST_PASSWORD });
    expect(res.statusCode).toBe(200);
    const data = loginResponse.parse(res.json().data);
    expect(data.router).toBe(Role.orgAdmin);
    expect(data.user).toEqual({ name: 'Test tadmina', headshot: null, id: world.accounts.adminA, org_id: world.orgs.careA, area_id: null });
    expect(data.api).toContainEqual({ route: '/area', method: 'GET' });
    expect(data.sidebar.length).toBeGreaterThan(0);
    expect(data.access_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Only the hash of the token is stored.
    const [row] = await t.db.select().from(sessions).where(eq(sessions.id, hashToken(data.access_token)));
    expect(row.staffId).toBe(world.accounts.adminA);
  });

  it('accepts the account case-insensitively', async () => {
    const res = await api(t.app).post('/login', { account: 'TAdminA', password: TEST_PASSWORD });
    expect(res.statusCode).toBe(200);
  });

  it('answers -2 alike for a wrong password and an unknown account', async () => {
    const wrong = await api(t.app).post('/login', { account: 'tadmina', password: 'Wrong1234' });
    const unknown = await api(t.app).post('/login', { account: 'nobodyhere', password: 'Wrong1234' });
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ code: ErrorCode.loginFailed, message: expect.any(String) });
    }
    expect(wrong.json().message).toBe(unknown.json().message);
  });

  it('answers -5 naming the fields for SPEC §5 rule failures, never 500', async () => {
    const res = await api(t.app).post('/login', { account: 'a<b', password: '' });
    expect(res.statusCode).toBe(422);
    expect(res.json().code).toBe(ErrorCode.validationFailed);
    expect(res.json().errors).toEqual(
      expect.arrayContaining([
        { field: 'account', message: 'validation.invalidInput' },
        { field: 'password', message: 'validation.invalidInput' },
      ]),
    );
    const tooLong = await api(t.app).post('/login', { account: 'x'.repeat(21), password: 'abc' });
    expect(tooLong.json().errors).toEqual([{ field: 'account', message: 'validation.invalidInput' }]);
  });

  it('answers -5 for unknown fields, missing fields and a non-JSON body', async () => {
    const extra = await api(t.app).post('/login', { account: 'tadmina', password: TEST_PASSWORD, role: 0 });
    expect(extra.statusCode).toBe(422);
    expect(extra.json().code).toBe(ErrorCode.validationFailed);
    expect(extra.json().errors[0].field).toBe('role');
    const missing = await api(t.app).post('/login', { account: 'tadmina' });
    expect(missing.json().errors).toEqual([{ field: 'password', message: 'validation.invalidInput' }]);
    const garbage = await t.app.inject({ method: 'POST', url: '/api/login', headers: { 'content-type': 'application/json' }, payload: '{"account":' });
    expect(garbage.statusCode).toBe(422);
    expect(garbage.json().code).toBe(ErrorCode.validationFailed);
  });

  it('answers -4 for a disabled account or an account of a disabled organisation, only after a correct password', async () => {
    const { createStaff } = await import('../../../../test/fixtures.ts');
    await createStaff(t.db, { account: 'tdisabled', orgId: world.orgs.careA, role: Role.orgStaff, enabled: false });
    const disabled = await api(t.app).post('/login', { account: 'tdisabled', password: TEST_PASSWORD });
    expect(disabled.statusCode).toBe(403);
    expect(disabled.json().code).toBe(ErrorCode.accountDisabled);
    const wrong = await api(t.app).post('/login', { account: 'tdisabled', password: 'Wrong1234' });
    expect(wrong.json().code).toBe(ErrorCode.loginFailed);

    await t.db.update(orgs).set({ enabled: false }).where(eq(orgs.id, world.orgs.careB));
    const orgOff = await api(t.app).post('/login', { account: 'tadminb', password: TEST_PASSWORD });
    expect(orgOff.json().code).toBe(ErrorCode.accountDisabled);
    await t.db.update(orgs).set({ enabled: true }).where(eq(orgs.id, world.orgs.careB));
  });
});

describe('sessions', () => {
  it('rejects a missing, garbage or unknown token with -1 and 401', async () => {
    for (const token of [undefined, 'garbage', 'A'.repeat(43)]) {
      const res = await api(t.app, token).get('/personal');
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe(ErrorCode.tokenExpired);
    }
  });

  it('reads the Authorization scheme case-insensitively', async () => {
    const token = await login(t.app, 'tstaffa');
    for (const scheme of ['bearer', 'BEARER', 'BeArEr']) {
      const res = await t.app.inject({ method: 'GET', url: '/api/personal', headers: { authorization: `${scheme} ${token}` } });
      expect(res.statusCode).toBe(200);
    }
  });

  it('revokes the token at once on logout', async () => {
    const token = await login(t.app, 'tstaffa');
    expect((await api(t.app, token).get('/personal')).statusCode).toBe(200);
    expect((await api(t.app, token).post('/logout')).json()).toEqual({ data: null });
    const after = await api(t.app, token).get('/personal');
    expect(after.statusCode).toBe(401);
    expect(after.json().code).toBe(ErrorCode.tokenExpired);
  });

  it('stops a disabled staff member at the next request', async () => {
    const token = await login(t.app, 'tstaffa');
    await t.db.update(staff).set({ enabled: false }).where(eq(staff.id, world.accounts.staffA));
    const res = await api(t.app, token).get('/personal');
    await t.db.update(staff).set({ enabled: true }).where(eq(staff.id, world.accounts.staffA));
    expect(res.json().code).toBe(ErrorCode.tokenExpired);
  });

  it('expires after the idle timeout and after the absolute lifetime', async () => {
    const idle = await login(t.app, 'tstaffa');
    const absolute = await login(t.app, 'tstaffa');
    const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000);
    await t.db
      .update(sessions)
      .set({ lastSeenAt: minutesAgo(t.app.config.tokenIdleMinutes + 1) })
      .where(eq(sessions.id, hashToken(idle)));
    await t.db.update(sessions).set({ expiresAt: minutesAgo(1) }).where(eq(sessions.id, hashToken(absolute)));
    for (const token of [idle, absolute]) expect((await api(t.app, token).get('/personal')).json().code).toBe(ErrorCode.tokenExpired);
  });

  it('refreshes last_seen_at at most once a minute', async () => {
    const token = await login(t.app, 'tstaffa');
    const id = hashToken(token);
    const seen = async () => (await t.db.select().from(sessions).where(eq(sessions.id, id)))[0].lastSeenAt.getTime();
    const first = await seen();
    await api(t.app, token).get('/personal');
    expect(await seen()).toBe(first);
    await t.db.update(sessions).set({ lastSeenAt: new Date(first - 5 * 60_000) }).where(eq(sessions.id, id));
    await api(t.app, token).get('/personal');
    expect(await seen()).toBeGreaterThan(first - 1000);
  });

  it('sets the absolute lifetime from the configuration', async () => {
    const app = await buildTestApp(t.database, { tokenTtlMinutes: 5 });
    try {
      const token = await login(app, 'tstaffa');
      const [row] = await t.db.select().from(sessions).where(eq(sessions.id, hashToken(token)));
      expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBe(5 * 60_000);
    } finally {
      await app.close();
    }
  });
});

describe('failed sign-in throttling', () => {
  it('stops an account at its ceiling with -8, 429 and Retry-After, from every address, without touching other accounts', async () => {
    const app = await buildTestApp(t.database, { loginMaxFailuresPerAccount: 3, loginMaxFailuresPerAddress: 100 });
    try {
      // Three addresses, one failure each: no pair delay, only the account ceiling.
      for (const ip of ['10.0.0.61', '10.0.0.62', '10.0.0.63']) {
        expect((await api(app, undefined, { ip }).post('/login', { account: 'tadmina', password: 'Wrong1234' })).statusCode).toBe(401);
      }
      const locked = await api(app, undefined, { ip: '10.0.0.7' }).post('/login', { account: 'tadmina', password: TEST_PASSWORD });
      expect(locked.statusCode).toBe(429);
      expect(locked.json()).toEqual({ code: ErrorCode.processError, message: expect.stringMatching(/Too many failed sign-in attempts/) });
      expect(Number(locked.headers['retry-after'])).toBeGreaterThan(800);
      expect((await api(app, undefined, { ip: '10.0.0.61' }).post('/login', { account: 'tadminb', password: TEST_PASSWORD })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('ten wrong passwords from one address slow that address down but never keep the owner out elsewhere', async () => {
    const app = await buildTestApp(t.database);
    try {
      const attacker = api(app, undefined, { ip: '10.0.2.1' });
      const statuses: number[] = [];
      for (let i = 0; i < 10; i++) statuses.push((await attacker.post('/login', { account: 'tstaffa', password: 'Wrong1234' })).statusCode);
      // Three free failures, then the pair waits (1 s, 2 s, … each failure doubling it).
      expect(statuses).toEqual([401, 401, 401, 429, 429, 429, 429, 429, 429, 429]);
      const delayed = await attacker.post('/login', { account: 'tstaffa', password: TEST_PASSWORD });
      expect(delayed.statusCode).toBe(429);
      expect(Number(delayed.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect((await api(app, undefined, { ip: '10.0.2.2' }).post('/login', { account: 'tstaffa', password: TEST_PASSWORD })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('ignores X-Forwarded-For without TRUST_PROXY: rotating it does not step around the per-address limit', async () => {
    const app = await buildTestApp(t.database, { loginMaxFailuresPerAddress: 5 });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 8; i++) {
        const res = await app.inject({
          method: 'POST',
          url: '/api/login',
          remoteAddress: '10.0.3.1',
          headers: { 'x-forwarded-for': `198.51.100.${i + 1}` },
          payload: { account: `spray${i}`, password: 'Wrong1234' },
        });
        statuses.push(res.statusCode);
      }
      expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429, 429]);
    } finally {
      await app.close();
    }
  });

  it('follows X-Forwarded-For from a proxy TRUST_PROXY names, and only from it', async () => {
    const app = await buildTestApp(t.database, { loginMaxFailuresPerAddress: 2, trustProxy: ['10.0.4.1'] });
    try {
      const attempt = (remoteAddress: string, forwarded: string) =>
        app.inject({
          method: 'POST',
          url: '/api/login',
          remoteAddress,
          headers: { 'x-forwarded-for': forwarded },
          payload: { account: 'nobodyhere', password: 'Wrong1234' },
        });
      // Through the proxy, each client is its own address.
      for (let i = 0; i < 4; i++) expect((await attempt('10.0.4.1', `203.0.113.${i + 1}`)).statusCode).toBe(401);
      // A peer that is not the proxy is its own address, whatever it forwards.
      for (let i = 0; i < 2; i++) expect((await attempt('10.0.4.9', `203.0.113.${i + 50}`)).statusCode).toBe(401);
      expect((await attempt('10.0.4.9', '203.0.113.99')).statusCode).toBe(429);
    } finally {
      await app.close();
    }
  });

  it('locks an address that tries many accounts, leaving other addresses free', async () => {
    const app = await buildTestApp(t.database, { loginMaxFailuresPerAccount: 100, loginMaxFailuresPerAddress: 4 });
    try {
      const sprayer = api(app, undefined, { ip: '10.0.0.99' });
      for (let i = 0; i < 4; i++) await sprayer.post('/login', { account: `guess${i}`, password: 'Wrong1234' });
      const blocked = await sprayer.post('/login', { account: 'tadmina', password: TEST_PASSWORD });
      expect(blocked.statusCode).toBe(429);
      expect(blocked.headers['retry-after']).toBeDefined();
      expect((await api(app, undefined, { ip: '10.0.0.100' }).post('/login', { account: 'tadmina', password: TEST_PASSWORD })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('ends the delays of a pair on its correct password', async () => {
    const app = await buildTestApp(t.database);
    try {
      const client = api(app, undefined, { ip: '10.0.1.1' });
      for (let i = 0; i < 3; i++) await client.post('/login', { account: 'tareaa1', password: 'Wrong1234' });
      const delayed = await client.post('/login', { account: 'tareaa1', password: TEST_PASSWORD });
      expect(delayed.statusCode).toBe(429);
      await new Promise((r) => setTimeout(r, Number(delayed.headers['retry-after']) * 1000 + 50));
      expect((await client.post('/login', { account: 'tareaa1', password: TEST_PASSWORD })).statusCode).toBe(200);
      // The count starts over: three more typos are free again.
      for (let i = 0; i < 2; i++) expect((await client.post('/login', { account: 'tareaa1', password: 'Wrong1234' })).statusCode).toBe(401);
      expect((await client.post('/login', { account: 'tareaa1', password: TEST_PASSWORD })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });
});
