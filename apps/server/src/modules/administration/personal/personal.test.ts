import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ErrorCode, PASSWORD_HISTORY, Role, personalDetail } from '@vigil/contracts';
import { staff } from '../../../db/schema/index.ts';
import { createStaff, createWorld, TEST_PASSWORD, type World } from '../../../../test/fixtures.ts';
import { api, login, useTestApp } from '../../../../test/helpers.ts';

const t = useTestApp();
let world: World;
beforeAll(async () => {
  world = await createWorld(t.db);
});

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);
const WEBP = Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WEBPVP8 '), Buffer.alloc(32, 2)]);

/** A multipart/form-data body with one file field. */
function upload(token: string, bytes: Buffer, filename: string, contentType = 'image/png') {
  const boundary = '----vigiltest' + Math.random().toString(16).slice(2);
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return t.app.inject({
    method: 'POST',
    url: '/api/personal/head',
    headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
}

describe('GET/PUT /personal', () => {
  it('returns the own profile with organisation and area names', async () => {
    const token = await login(t.app, 'tstaffa');
    const data = (await api(t.app, token).get('/personal')).json().data;
    expect(personalDetail.parse(data)).toMatchObject({
      id: world.accounts.staffA,
      account: 'tstaffa',
      org_id: world.orgs.careA,
      org_name: 'T Care A',
      area_id: world.areas.areaA1,
      area_name: 'T Ward A1',
      role: Role.orgStaff,
    });
    expect(data.must_change_password).toBe(false);
  });

  it('asks for a new password while none was ever chosen', async () => {
    const id = await createStaff(t.db, { account: 'tfresh', orgId: world.orgs.careA, role: Role.orgStaff });
    await t.db.update(staff).set({ passwordChangedAt: null }).where(eq(staff.id, id));
    const token = await login(t.app, 'tfresh');
    expect((await api(t.app, token).get('/personal')).json().data.must_change_password).toBe(true);
  });

  it('updates name and contacts, strictly', async () => {
    const token = await login(t.app, 'tstaffa');
    const res = await api(t.app, token).put('/personal', { name: 'T Renamed', phone: '+886 912 345 678', email: 'a@b.example' });
    expect(res.json().data).toMatchObject({ name: 'T Renamed', phone: '+886 912 345 678', email: 'a@b.example' });
    const cleared = await api(t.app, token).put('/personal', { name: 'T Renamed', phone: '' });
    expect(cleared.json().data).toMatchObject({ phone: null, email: 'a@b.example' });
    for (const body of [{ name: 'T X', role: 0 }, { name: '' }, { name: 'T <b>' }, { name: 'T X', email: 'not-an-email' }]) {
      const bad = await api(t.app, token).put('/personal', body);
      expect(bad.statusCode).toBe(422);
      expect(bad.json().code).toBe(ErrorCode.validationFailed);
    }
  });
});

describe('PUT /personal/password', () => {
  it('refuses a wrong old password with -5 and "current password is incorrect" on old_password, and mismatched confirmation', async () => {
    const token = await login(t.app, 'tadminb');
    const wrong = await api(t.app, token).put('/personal/password', { old_password: 'Wrong1234', new_password: 'Better123', confirm_password: 'Better123' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toMatchObject({ code: ErrorCode.validationFailed, errors: [{ field: 'old_password', message: 'validation.currentPasswordIncorrect' }] });
    const mismatch = await api(t.app, token).put('/personal/password', { old_password: TEST_PASSWORD, new_password: 'Better123', confirm_password: 'Better124' });
    expect(mismatch.json().errors).toEqual([{ field: 'confirm_password', message: 'validation.passwordMismatch' }]);
  });

  it('changes the password and signs out every other session, keeping this one', async () => {
    const other = await login(t.app, 'tadminb');
    const current = await login(t.app, 'tadminb');
    const res = await api(t.app, current).put('/personal/password', { old_password: TEST_PASSWORD, new_password: 'Better123', confirm_password: 'Better123' });
    expect(res.json()).toEqual({ data: null });
    expect((await api(t.app, current).get('/personal')).statusCode).toBe(200);
    expect((await api(t.app, other).get('/personal')).json().code).toBe(ErrorCode.tokenExpired);
    expect((await api(t.app).post('/login', { account: 'tadminb', password: TEST_PASSWORD })).json().code).toBe(ErrorCode.loginFailed);
    await login(t.app, 'tadminb', 'Better123');
  });
});

describe('PUT /personal/password: no reuse', () => {
  it(`refuses the current password and the last ${PASSWORD_HISTORY} with -5 on new_password; older ones may return`, async () => {
    await createStaff(t.db, { account: 'treuse', orgId: world.orgs.careA, role: Role.orgStaff });
    const token = await login(t.app, 'treuse');
    const change = (from: string, to: string) =>
      api(t.app, token).put('/personal/password', { old_password: from, new_password: to, confirm_password: to });
    const reused = { code: ErrorCode.validationFailed, errors: [{ field: 'new_password', message: 'validation.passwordReused' }] };

    const same = await change(TEST_PASSWORD, TEST_PASSWORD);
    expect(same.statusCode).toBe(422);
    expect(same.json()).toMatchObject(reused);

    // Walk through PASSWORD_HISTORY new passwords: the original is then the oldest one remembered.
    const chain = Array.from({ length: PASSWORD_HISTORY }, (_, i) => `Chain${i}abc`);
    let current = TEST_PASSWORD;
    for (const next of chain) {
      expect((await change(current, next)).json()).toEqual({ data: null });
      current = next;
    }
    for (const previous of [TEST_PASSWORD, chain[0], chain[PASSWORD_HISTORY - 2]]) {
      const res = await change(current, previous);
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject(reused);
    }

    // One more change pushes the original out of the remembered list, so it is accepted again.
    expect((await change(current, 'Fresh123x')).json()).toEqual({ data: null });
    expect((await change('Fresh123x', TEST_PASSWORD)).json()).toEqual({ data: null });
    await login(t.app, 'treuse', TEST_PASSWORD);
  });
});

describe('headshot', () => {
  it('stores a png under a random name and serves it to the same organisation and operators only', async () => {
    const token = await login(t.app, 'tstaffa');
    const res = await upload(token, PNG, 'me.png');
    expect(res.statusCode).toBe(200);
    const name = res.json().data.headshot as string;
    expect(name).toMatch(/^[a-f0-9]{32}\.png$/);
    expect((await api(t.app, token).get('/personal')).json().data.headshot).toBe(name);

    const colleague = await login(t.app, 'tadmina');
    const file = await api(t.app, colleague).get(`/file/headshot/${name}`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.rawPayload.equals(PNG)).toBe(true);

    const stranger = await login(t.app, 'tpharm');
    expect((await api(t.app, stranger).get(`/file/headshot/${name}`)).json().code).toBe(ErrorCode.notFound);
  });

  it('detects the type from the bytes: webp named .jpg is stored as .webp; text named .png is refused', async () => {
    const token = await login(t.app, 'tstaffa');
    const webp = await upload(token, WEBP, 'photo.jpg', 'image/jpeg');
    expect(webp.json().data.headshot).toMatch(/\.webp$/);
    const fake = await upload(token, Buffer.from('<?php echo "not an image"; ?>'), 'evil.png');
    expect(fake.statusCode).toBe(422);
    expect(fake.json()).toMatchObject({ code: ErrorCode.validationFailed, errors: [{ field: 'file' }] });
  });

  it('refuses a file over 2 MB with -5 and the headshot size message', async () => {
    const token = await login(t.app, 'tstaffa');
    const big = Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]);
    const res = await upload(token, big, 'big.png');
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: ErrorCode.validationFailed, errors: [{ field: 'file', message: 'validation.headshotSize' }] });
  });

  it('refuses a request that is not multipart with -5', async () => {
    const token = await login(t.app, 'tstaffa');
    const res = await api(t.app, token).post('/personal/head', { file: 'x' });
    expect(res.statusCode).toBe(422);
    expect(res.json().code).toBe(ErrorCode.validationFailed);
  });

  it('never opens a name it could not have written (no path traversal)', async () => {
    const token = await login(t.app, 'tadmina');
    for (const name of ['..%2F..%2Fpackage.json', '%2Fetc%2Fpasswd', 'abc.png', `${'a'.repeat(32)}.svg`]) {
      const res = await api(t.app, token).get(`/file/headshot/${name}`);
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe(ErrorCode.notFound);
    }
  });
});
