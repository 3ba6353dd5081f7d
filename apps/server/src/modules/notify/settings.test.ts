import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { ErrorCode } from '@vigil/contracts';
import { api, createTestApp, login, type TestApp } from '../../../test/helpers.ts';
import { createWorld } from '../../../test/fixtures.ts';

/*
 * The operator's settings page saves the SMTP server in parts (docs/notifications.md "Settings"):
 * against a real SMTP peer on loopback that signs in one user, a refusal comes back as -5 beside
 * the server with the peer's own answer and nothing is stored; the password stays write-only.
 */

let smtp: SMTPServer;
let t: TestApp;
let port: number;
let operator: string;
let orgAdmin: string;

beforeAll(async () => {
  smtp = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === 'alerts' && auth.password === 'right horse') return callback(null, { user: auth.username });
      callback(Object.assign(new Error('Authentication failed'), { responseCode: 535 }));
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  port = (smtp.server.address() as AddressInfo).port;
  t = await createTestApp();
  await createWorld(t.db);
  operator = await login(t.app, 'tengineer');
  orgAdmin = await login(t.app, 'tadmina');
});

afterAll(async () => {
  await t?.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

describe('PUT /notify/settings with the SMTP server in parts', () => {
  it('refuses a server that refuses the sign-in, with its answer beside the server, and stores nothing', async () => {
    const res = await api(t.app, operator).put('/notify/settings', { smtp_server: { host: '127.0.0.1', port, secure: false, user: 'alerts', password: 'wrong' } });
    expect(res.json().code).toBe(ErrorCode.validationFailed);
    const [error] = res.json().errors;
    expect(error.field).toBe('smtp_server.host');
    expect(error.message).toMatch(/^The SMTP server refused: .*535/);
    const view = (await api(t.app, operator).get('/notify/settings')).json().data;
    expect(view.smtp_server).toBeNull();
    expect(view.live).not.toContain('email');
  });

  it('stores a server that accepts, shows it in parts without the password, and keeps the password when left out', async () => {
    const saved = await api(t.app, operator).put('/notify/settings', {
      smtp_server: { host: '127.0.0.1', port, secure: false, user: 'alerts', password: 'right horse' },
      smtp_from: 'Vigil <alerts@care.test>',
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data.smtp_server).toEqual({ host: '127.0.0.1', port, secure: false, user: 'alerts', password_set: true });
    expect(saved.json().data.smtp).toMatchObject({ source: 'page', url_set: true, from: 'Vigil <alerts@care.test>' });
    expect(saved.json().data.live).toContain('email');
    expect(saved.body).not.toContain('right horse');

    // The page sends no password when it is left empty: the stored one still signs in.
    const again = await api(t.app, operator).put('/notify/settings', { smtp_server: { host: '127.0.0.1', port, secure: false, user: 'alerts' } });
    expect(again.statusCode).toBe(200);
    expect(again.json().data.smtp_server.password_set).toBe(true);

    const cleared = await api(t.app, operator).put('/notify/settings', { smtp_server: null });
    expect(cleared.json().data.smtp_server).toBeNull();
    expect(cleared.json().data.live).not.toContain('email');
  });

  it('is the operators’: an organisation admin gets -3, and an out-of-range port is -5 naming it', async () => {
    expect((await api(t.app, orgAdmin).put('/notify/settings', { vapid_subject: 'mailto:a@b.test' })).json().code).toBe(ErrorCode.noPermission);
    expect((await api(t.app, orgAdmin).get('/notify/settings')).json().code).toBe(ErrorCode.noPermission);
    const res = await api(t.app, operator).put('/notify/settings', { smtp_server: { host: '127.0.0.1', port: 70000, secure: false, user: '' } });
    expect(res.json().code).toBe(ErrorCode.validationFailed);
    expect(res.json().errors[0].field).toBe('smtp_server.port');
  });
});
