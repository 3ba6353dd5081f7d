import { describe, expect, it, onTestFinished } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { Link } from 'react-router';
import { type NotifySettingsView, Resource, notifySettingsUpdate } from '@vigil/contracts';
import { type Toast, setToastSink } from '../../../lib/notify.ts';
import { mockApi, ok, validationFailed } from '../../../test/api-mock.ts';
import { renderWithProviders, signInAs } from '../../../test/render.tsx';
import NotifySettingsPage from './NotifySettingsPage.tsx';

const empty: NotifySettingsView = {
  smtp: { source: 'none', url_set: false, from: '' },
  line: { source: 'none', base_url: 'https://api.line.me', token_set: false, secret_set: false },
  vapid: { source: 'none', subject: '' },
  live: [],
  smtp_server: null,
};

function operator() {
  signInAs({
    router: 0,
    api: [
      { route: Resource.notifySettings, method: 'GET' },
      { route: Resource.notifySettings, method: 'PUT' },
    ],
  });
}

describe('<NotifySettingsPage>', () => {
  it('saves the SMTP server in parts, then shows the saved server with the password only as set', async () => {
    operator();
    const api = mockApi().on('GET', Resource.notifySettings, ok(empty));
    const saved: NotifySettingsView = {
      ...empty,
      smtp: { source: 'page', url_set: true, from: 'Vigil <alerts@example.com>' },
      live: ['email'],
      smtp_server: { host: 'smtp.example.com', port: 465, secure: true, user: 'alerts', password_set: true },
    };
    api.on('PUT', Resource.notifySettings, (call) => {
      expect(notifySettingsUpdate.safeParse(call.body).success).toBe(true);
      return ok(saved);
    });
    renderWithProviders(<NotifySettingsPage />, { route: '/notify-settings' });
    await userEvent.type(await screen.findByLabelText('SMTP server'), 'smtp.example.com');
    await userEvent.click(screen.getByLabelText(/TLS from the start/));
    await userEvent.type(screen.getByLabelText('User name'), 'alerts');
    await userEvent.type(screen.getByLabelText('Password'), 's3cret');
    await userEvent.type(screen.getByLabelText('Sender'), 'Vigil <alerts@example.com>');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(api.callsTo('PUT', Resource.notifySettings)).toHaveLength(1));
    expect(api.callsTo('PUT', Resource.notifySettings)[0].body).toEqual({
      smtp_server: { host: 'smtp.example.com', port: 465, secure: true, user: 'alerts', password: 's3cret' },
      smtp_from: 'Vigil <alerts@example.com>',
    });
    expect(await screen.findByText('A password is set: leave empty to keep it')).toBeTruthy();
    expect((screen.getByLabelText('SMTP server') as HTMLInputElement).value).toBe('smtp.example.com');
    expect((screen.getByLabelText('Password') as HTMLInputElement).value).toBe('');
    expect(within(screen.getByTestId('notify-live')).getByText('Email: Live')).toBeTruthy();
  });

  it('shows the SMTP server’s refusal on the page and beside the server, without a toast', async () => {
    operator();
    const toasts: Toast[] = [];
    setToastSink((toast) => toasts.push(toast));
    onTestFinished(() => setToastSink(null));
    const refusal = 'The SMTP server refused: Invalid login: 535 Authentication failed';
    mockApi()
      .on('GET', Resource.notifySettings, ok(empty))
      .on('PUT', Resource.notifySettings, validationFailed([{ field: 'smtp_server.host', message: refusal }]));
    renderWithProviders(<NotifySettingsPage />, { route: '/notify-settings' });
    await userEvent.type(await screen.findByLabelText('SMTP server'), 'smtp.example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByTestId('smtp-refusal')).textContent).toBe(refusal);
    expect(screen.getByLabelText('SMTP server').getAttribute('aria-invalid')).toBe('true');
    // The form keeps what was typed, so the operator corrects it rather than starting again.
    expect((screen.getByLabelText('SMTP server') as HTMLInputElement).value).toBe('smtp.example.com');
    expect(toasts).toEqual([]);
  });

  it('refuses a port out of range before sending anything', async () => {
    operator();
    const api = mockApi().on('GET', Resource.notifySettings, ok(empty));
    renderWithProviders(<NotifySettingsPage />, { route: '/notify-settings' });
    await userEvent.type(await screen.findByLabelText('SMTP server'), 'smtp.example.com');
    const port = screen.getByLabelText('Port');
    await userEvent.clear(port);
    await userEvent.type(port, '70000');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(port.getAttribute('aria-invalid')).toBe('true'));
    expect(api.callsTo('PUT', Resource.notifySettings)).toHaveLength(0);
  });

  it('shows settings from environment variables read-only, in Chinese too', async () => {
    await i18next.changeLanguage('zh-TW');
    operator();
    mockApi().on(
      'GET',
      Resource.notifySettings,
      ok({
        ...empty,
        smtp: { source: 'env', url_set: true, from: 'ops@example.com' },
        live: ['email', 'push'],
        vapid: { source: 'env', subject: 'mailto:ops@example.com' },
        smtp_server: { host: 'mail.internal', port: 25, secure: false, user: '', password_set: false },
      }),
    );
    renderWithProviders(<NotifySettingsPage />, { route: '/notify-settings' });
    const host = (await screen.findByLabelText('SMTP 伺服器')) as HTMLInputElement;
    expect(host.value).toBe('mail.internal');
    expect(host.disabled).toBe(true);
    expect(screen.getByText('由伺服器環境變數設定（SMTP_URL, SMTP_FROM）：請於該處修改。')).toBeTruthy();
    expect((screen.getByLabelText('推播服務聯絡方式（VAPID subject）') as HTMLInputElement).disabled).toBe(true);
    expect(within(screen.getByTestId('notify-live')).getByText('網頁推播: 已啟用')).toBeTruthy();
  });

  it('asks before unsaved changes are discarded by following a link', async () => {
    operator();
    mockApi().on('GET', Resource.notifySettings, ok(empty));
    renderWithProviders(
      <>
        <Link to="/home">Home</Link>
        <NotifySettingsPage />
      </>,
      { route: '/notify-settings' },
    );
    await userEvent.type(await screen.findByLabelText(/Contact for push services/), 'mailto:ops@example.com');
    await userEvent.click(screen.getByRole('link', { name: 'Home' }));
    const dialog = await screen.findByRole('dialog', { name: 'Discard unsaved changes?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep editing' }));
    expect((screen.getByLabelText(/Contact for push services/) as HTMLInputElement).value).toBe('mailto:ops@example.com');
  });
});
