import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type LineChannelStatus, Resource, lineChannelRequest } from '@vigil/contracts';
import { mockApi, ok } from '../../../test/api-mock.ts';
import { renderWithProviders, signInAs } from '../../../test/render.tsx';
import LineChannelPage from './LineChannelPage.tsx';

const webhook_path = '/api/line/webhook/1';
const secret = '0123456789abcdef0123456789abcdef';

function orgAdmin() {
  signInAs({
    router: 2,
    api: [
      { route: Resource.lineChannel, method: 'GET' },
      { route: Resource.lineChannel, method: 'PUT' },
      { route: Resource.lineChannel, method: 'DELETE' },
    ],
  });
}

describe('<LineChannelPage>', () => {
  it('connects the channel, then shows it connected without echoing the token or secret', async () => {
    orgAdmin();
    const connected: LineChannelStatus = { connected: true, updated_at: 1_800_000_000, webhook_path };
    const api = mockApi()
      .on('GET', Resource.lineChannel, ok({ connected: false, updated_at: null, webhook_path }))
      .on('GET', '/personal/line', ok({ linked: false, channel_connected: true, code: null, code_expires_at: null }));
    api.accept('PUT', Resource.lineChannel, lineChannelRequest, connected);
    renderWithProviders(<LineChannelPage />, { route: '/line-channel' });

    expect((await screen.findByTestId('line-status')).textContent).toBe('Not connected');
    expect((screen.getByLabelText('Webhook URL') as HTMLInputElement).value).toBe(`${window.location.origin}${webhook_path}`);
    await userEvent.type(screen.getByLabelText('Channel access token'), 'token-from-the-line-console');
    await userEvent.type(screen.getByLabelText('Channel secret'), 'not-hex');
    await userEvent.click(screen.getByRole('button', { name: 'Connect' }));
    await waitFor(() => expect(screen.getByLabelText('Channel secret').getAttribute('aria-invalid')).toBe('true'));
    expect(api.callsTo('PUT', Resource.lineChannel)).toHaveLength(0);

    await userEvent.clear(screen.getByLabelText('Channel secret'));
    await userEvent.type(screen.getByLabelText('Channel secret'), secret);
    await userEvent.click(screen.getByRole('button', { name: 'Connect' }));
    await waitFor(() => expect(screen.getByTestId('line-status').textContent).toBe('Connected'));
    expect(api.callsTo('PUT', Resource.lineChannel)[0].body).toEqual({ access_token: 'token-from-the-line-console', channel_secret: secret });
    expect((screen.getByLabelText('Channel access token') as HTMLInputElement).value).toBe('');
    expect((screen.getByLabelText('Channel secret') as HTMLInputElement).value).toBe('');
    expect(screen.getAllByText(/^Set · /)).toHaveLength(2);
    // Once connected, the admin can link their own LINE user here too.
    expect(await screen.findByRole('button', { name: 'Get a code' })).toBeTruthy();
  });
});
