import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { defaultApiGroup, defaultSidebar } from '@vigil/contracts';
import { sessionStore } from '../../../lib/session.ts';
import { jsonResponse, renderWithProviders } from '../../../test/render.tsx';
import LoginPage from './LoginPage.tsx';

function renderLogin() {
  return renderWithProviders(
    <Routes>
      <Route path="/login" element={<LoginPage />} />
      <Route path="/" element={<p>shell</p>} />
    </Routes>,
    { route: '/login' },
  );
}

async function fill(account: string, password: string) {
  if (account) await userEvent.type(screen.getByLabelText(/Account/), account);
  if (password) await userEvent.type(screen.getByLabelText(/^Password/), password);
  await userEvent.click(screen.getByRole('button', { name: 'Login' }));
}

afterEach(() => vi.unstubAllGlobals());

describe('sign-in page', () => {
  it('is titled Sign in with account, password and login', () => {
    renderLogin();
    expect(screen.getByRole('heading', { name: 'Sign in' })).toBeTruthy();
    expect(screen.getByLabelText(/Account/)).toBeTruthy();
    expect(screen.getByLabelText(/^Password/).getAttribute('type')).toBe('password');
  });

  it('shows the generic invalid-input message under empty, too long or special-character fields', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    renderLogin();
    await fill('', '');
    expect(screen.getAllByText('Invalid input')).toHaveLength(2);
    await fill('a'.repeat(21), 'bad/pass');
    expect(screen.getAllByText('Invalid input')).toHaveLength(2);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('signs in, stores the session and goes to /, with the button disabled while waiting', async () => {
    let answer: (r: Response) => void = () => undefined;
    vi.stubGlobal('fetch', vi.fn(() => new Promise<Response>((resolve) => (answer = resolve))));
    renderLogin();
    await fill('orgadmin', 'Demo1234');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Login' }).hasAttribute('disabled')).toBe(true));
    answer(
      jsonResponse(200, {
        data: { access_token: 'abc', user: { name: 'Org Admin', headshot: null, id: 3, org_id: 2, area_id: null }, api: defaultApiGroup(2), sidebar: defaultSidebar(2), router: 2 },
      }),
    );
    expect(await screen.findByText('shell')).toBeTruthy();
    expect(sessionStore.get().token).toBe('abc');
    expect(sessionStore.get().allowed.GET).toContain('/personal');
  });

  it.each([
    [401, -2, 'Login failed, incorrect username or password'],
    [403, -4, 'Login failed, account is disabled'],
    [500, null, 'System error'],
  ])('shows the message for HTTP %s code %s', async (status, code, text) => {
    vi.stubGlobal('fetch', vi.fn(async () => jsonResponse(status, code === null ? { message: 'boom' } : { code, message: 'x' })));
    renderLogin();
    await fill('orgadmin', 'Wrong1234');
    expect((await screen.findByTestId('login-error')).textContent).toBe(text);
    expect(screen.getByRole('button', { name: 'Login' }).hasAttribute('disabled')).toBe(false);
  });

  it('puts server validation errors (-5) under their fields', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => jsonResponse(422, { code: -5, message: 'x', errors: [{ field: 'account', message: 'validation.invalidInput' }] })));
    renderLogin();
    await fill('orgadmin', 'Demo1234');
    expect(await screen.findByText('Invalid input')).toBeTruthy();
  });

  it('asks an account with a second factor for its code, says so when the code is refused, then signs in', async () => {
    const session = { access_token: 'xyz', user: { name: 'Manager', headshot: null, id: 2, org_id: 1, area_id: null }, api: defaultApiGroup(1), sidebar: defaultSidebar(1), router: 1 };
    const calls: { url: string; body: unknown }[] = [];
    const answers = [
      jsonResponse(200, { data: { second_factor: { token: 't'.repeat(43), methods: ['totp', 'passkey'] } } }),
      jsonResponse(401, { code: -2, message: 'Login failed' }),
      jsonResponse(200, { data: session }),
    ];
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string, init: RequestInit) => {
        calls.push({ url, body: JSON.parse(String(init.body)) });
        return Promise.resolve(answers.shift()!);
      }),
    );
    renderLogin();
    await fill('manager', 'Demo1234');
    const code = await screen.findByLabelText(/^Code/);
    expect(screen.getByRole('button', { name: 'Use a passkey' })).toBeTruthy();
    await userEvent.type(code, '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect((await screen.findByTestId('login-error')).textContent).toMatch(/not right, already used, or expired/);
    await userEvent.clear(code);
    await userEvent.type(code, '654321');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('shell')).toBeTruthy();
    expect(sessionStore.get().token).toBe('xyz');
    expect(calls.map((c) => c.url)).toEqual(['/api/login', '/api/login/totp', '/api/login/totp']);
    expect(calls[2].body).toEqual({ token: 't'.repeat(43), code: '654321' });
  });
});
