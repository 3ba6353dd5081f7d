import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ErrorCode, Role, SECOND_FACTOR_ENROLMENT_REQUIRED, STEP_UP_REQUIRED, type StaffRole } from '@vigil/contracts';
import { sessions, staffTotp } from '../../../db/schema/index.ts';
import { createOrg, createStaff, TEST_PASSWORD } from '../../../../test/fixtures.ts';
import { api, useTestApp } from '../../../../test/helpers.ts';
import { totpCode } from '../../../auth/second-factor/totp.ts';
import { hashToken } from '../../../auth/tokens.ts';

const t = useTestApp();
let orgId: number;
let seq = 0;

beforeAll(async () => {
  orgId = await createOrg(t.db, 'T Second factor');
});

/** A new account (each test its own, so throttle counts and used steps never meet). */
async function account(role: StaffRole = Role.orgAdmin) {
  seq += 1;
  const name = `tmfa${seq}`;
  const id = await createStaff(t.db, { account: name, orgId, role });
  return { name, id, ip: `10.9.0.${seq}` };
}

async function passwordStep(name: string, ip: string) {
  const res = await api(t.app, undefined, { ip }).post('/login', { account: name, password: TEST_PASSWORD });
  expect(res.statusCode).toBe(200);
  return res.json().data as { access_token?: string; second_factor?: { token: string; methods: string[] } };
}

/** Enrols an authenticator for the account: returns its secret and recovery codes. */
async function enrol(name: string, ip: string) {
  const token = (await passwordStep(name, ip)).access_token!;
  const start = await api(t.app, token, { ip }).post('/personal/totp');
  expect(start.statusCode).toBe(200);
  const { secret, uri } = start.json().data as { secret: string; uri: string };
  expect(uri).toMatch(/^otpauth:\/\/totp\//);
  // The secret is stored sealed, never in clear.
  const [row] = await t.db.select().from(staffTotp);
  expect(JSON.stringify(row)).not.toContain(secret);
  // One step back: the step of now stays free for the sign-in that follows.
  const confirm = await api(t.app, token, { ip }).post('/personal/totp/confirm', { code: totpCode(secret, Date.now() - 30_000) });
  expect(confirm.statusCode).toBe(200);
  return { secret, recovery: confirm.json().data.recovery_codes as string[], token };
}

describe('TOTP', () => {
  it('enrolment, then sign-in needs password and code; recovery codes work once', async () => {
    const a = await account();
    const { secret, recovery } = await enrol(a.name, a.ip);
    expect(recovery).toHaveLength(10);
    const pending = await passwordStep(a.name, a.ip);
    expect(pending.access_token).toBeUndefined();
    expect(pending.second_factor?.methods).toEqual(['totp']);
    const signed = await api(t.app, undefined, { ip: a.ip }).post('/login/totp', { token: pending.second_factor!.token, code: totpCode(secret) });
    expect(signed.statusCode).toBe(200);
    expect(signed.json().data.user.id).toBe(a.id);

    const again = (await passwordStep(a.name, a.ip)).second_factor!.token;
    expect((await api(t.app, undefined, { ip: a.ip }).post('/login/totp', { token: again, code: recovery[0] })).statusCode).toBe(200);
    const third = (await passwordStep(a.name, a.ip)).second_factor!.token;
    const reusedRecovery = await api(t.app, undefined, { ip: a.ip }).post('/login/totp', { token: third, code: recovery[0] });
    expect(reusedRecovery.json().code).toBe(ErrorCode.loginFailed);
  });

  it('a wrong, reused or expired code is -2, counted by the throttle, and opens no session', async () => {
    const a = await account();
    const { secret } = await enrol(a.name, a.ip);
    const first = (await passwordStep(a.name, a.ip)).second_factor!.token;
    const code = totpCode(secret);
    expect((await api(t.app, undefined, { ip: a.ip }).post('/login/totp', { token: first, code })).statusCode).toBe(200);
    const sessionsBefore = (await t.db.select().from(sessions).where(eq(sessions.staffId, a.id))).length;

    const token = (await passwordStep(a.name, a.ip)).second_factor!.token;
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const attempts = [wrong, code /* reused */, totpCode(secret, Date.now() - 5 * 60_000) /* expired */];
    for (const attempt of attempts) {
      const res = await api(t.app, undefined, { ip: a.ip }).post('/login/totp', { token, code: attempt });
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe(ErrorCode.loginFailed);
    }
    // Three failures of this account at this address: the next try waits, right code or not.
    const throttled = await api(t.app, undefined, { ip: a.ip }).post('/login/totp', { token, code: totpCode(secret, Date.now() + 30_000) });
    expect(throttled.statusCode).toBe(429);
    expect((await t.db.select().from(sessions).where(eq(sessions.staffId, a.id))).length).toBe(sessionsBefore);
  });

  it('a malformed code is -5 with its field; an unknown challenge token is -2', async () => {
    const res = await api(t.app).post('/login/totp', { token: 'x'.repeat(43), code: '12ab' });
    expect(res.json()).toMatchObject({ code: ErrorCode.validationFailed, errors: [{ field: 'code' }] });
    const unknown = await api(t.app, undefined, { ip: '10.9.1.1' }).post('/login/totp', { token: 'x'.repeat(43), code: '123456' });
    expect(unknown.json().code).toBe(ErrorCode.loginFailed);
  });
});

describe('passkey sign-in', () => {
  it('a challenge answers once: a replayed or forged assertion is -2', async () => {
    const options = await api(t.app, undefined, { ip: '10.9.2.1' }).post('/login/passkey/options', {});
    expect(options.statusCode).toBe(200);
    const { token, options: webauthn } = options.json().data as { token: string; options: { challenge: string } };
    expect(webauthn.challenge).toBeTruthy();
    const forged = { id: 'AAAA', rawId: 'AAAA', type: 'public-key', response: { clientDataJSON: 'e30', authenticatorData: 'AA', signature: 'AA' } };
    for (let i = 0; i < 2; i += 1) {
      const res = await api(t.app, undefined, { ip: '10.9.2.1' }).post('/login/passkey', { token, response: forged });
      expect(res.json().code).toBe(ErrorCode.loginFailed);
    }
  });
});

describe('second factor required', () => {
  /** What the server answers a call outside one's own account: refused until a factor is set up. */
  const refusedUntilEnrolled = { code: ErrorCode.noPermission, message: SECOND_FACTOR_ENROLMENT_REQUIRED };

  it('an operator, or an admin of an organisation that requires it, must enrol first', async () => {
    const operator = await account(Role.engineer);
    const opToken = (await passwordStep(operator.name, operator.ip)).access_token!;
    expect((await api(t.app, opToken).get('/personal')).json().data.must_enrol_second_factor).toBe(true);
    expect((await api(t.app, opToken).get('/org')).json()).toMatchObject(refusedUntilEnrolled);

    const admin = await account(Role.orgAdmin);
    const staffer = await account(Role.orgStaff);
    const adminToken = (await passwordStep(admin.name, admin.ip)).access_token!;
    const staffToken = (await passwordStep(staffer.name, staffer.ip)).access_token!;
    expect((await api(t.app, adminToken).get('/personal')).json().data.must_enrol_second_factor).toBe(false);
    await t.db.execute(`update orgs set require_second_factor = true where id = ${orgId}`);
    expect((await api(t.app, adminToken).get('/personal')).json().data.must_enrol_second_factor).toBe(true);
    expect((await api(t.app, adminToken).get('/user')).json()).toMatchObject(refusedUntilEnrolled);
    expect((await api(t.app, staffToken).get('/personal')).json().data.must_enrol_second_factor).toBe(false);
    expect((await api(t.app, staffToken).get('/user')).statusCode).toBe(200);
    await enrol(admin.name, admin.ip);
    expect((await api(t.app, adminToken).get('/personal')).json().data.must_enrol_second_factor).toBe(false);
    expect((await api(t.app, adminToken).get('/user')).statusCode).toBe(200);
    await t.db.execute(`update orgs set require_second_factor = false where id = ${orgId}`);
  });
});

describe('step-up', () => {
  it("resetting another person's password needs a sign-in of the last few minutes", async () => {
    const admin = await account(Role.orgAdmin);
    const target = await account(Role.orgStaff);
    const token = (await passwordStep(admin.name, admin.ip)).access_token!;
    await t.db.update(sessions).set({ authenticatedAt: new Date(Date.now() - 10 * 60_000) }).where(eq(sessions.id, hashToken(token)));
    const refused = await api(t.app, token).patch(`/staff/password/${target.id}`, { password: 'Newpass123', confirm_password: 'Newpass123' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: ErrorCode.noPermission, message: STEP_UP_REQUIRED });

    const wrong = await api(t.app, token, { ip: admin.ip }).post('/personal/step-up', { password: 'Wrong1234' });
    expect(wrong.json()).toMatchObject({ code: ErrorCode.validationFailed, errors: [{ field: 'password' }] });
    expect((await api(t.app, token, { ip: admin.ip }).post('/personal/step-up', { password: TEST_PASSWORD })).statusCode).toBe(200);
    expect((await api(t.app, token).patch(`/staff/password/${target.id}`, { password: 'Newpass123', confirm_password: 'Newpass123' })).statusCode).toBe(200);
  });

  it("giving a staff member another role needs one too; other edits of them do not", async () => {
    const admin = await account(Role.orgAdmin);
    const target = await account(Role.orgStaff);
    const token = (await passwordStep(admin.name, admin.ip)).access_token!;
    await t.db.update(sessions).set({ authenticatedAt: new Date(Date.now() - 10 * 60_000) }).where(eq(sessions.id, hashToken(token)));
    expect((await api(t.app, token).patch(`/staff/${target.id}`, { name: 'Renamed nurse' })).statusCode).toBe(200);
    const refused = await api(t.app, token).patch(`/staff/${target.id}`, { role: Role.orgGuard });
    expect(refused.json()).toMatchObject({ code: ErrorCode.noPermission, message: STEP_UP_REQUIRED });
    expect((await api(t.app, token).get(`/staff/${target.id}`)).json().data.role).toBe(Role.orgStaff);
    expect((await api(t.app, token, { ip: admin.ip }).post('/personal/step-up', { password: TEST_PASSWORD })).statusCode).toBe(200);
    expect((await api(t.app, token).patch(`/staff/${target.id}`, { role: Role.orgGuard })).statusCode).toBe(200);
  });
});
