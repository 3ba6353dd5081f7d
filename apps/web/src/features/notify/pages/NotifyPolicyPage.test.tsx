import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { Resource, notifyPolicy } from '@vigil/contracts';
import { mockApi, ok } from '../../../test/api-mock.ts';
import { renderWithProviders, signInAs } from '../../../test/render.tsx';
import NotifyPolicyPage from './NotifyPolicyPage.tsx';

function orgAdmin() {
  signInAs({
    router: 2,
    api: [
      { route: Resource.notifyPolicy, method: 'GET' },
      { route: Resource.notifyPolicy, method: 'PUT' },
    ],
  });
}

describe('<NotifyPolicyPage>', () => {
  it('saves a timeout and shows the saved row with its escalation chain', async () => {
    orgAdmin();
    const api = mockApi()
      .on('GET', Resource.notifyPolicy, ok({ high: 2, medium: 5, low: 15 }))
      .on('PUT', Resource.notifyPolicy, (call) => ok(notifyPolicy.parse(call.body)));
    renderWithProviders(<NotifyPolicyPage />, { route: '/notify-policy' });
    const high = await screen.findByLabelText('Acknowledgement timeout for High priority, minutes');
    expect(within(screen.getByTestId('policy-row-high')).getAllByText(/push after 2 min · LINE and email after 4 min · admins after 6 min · repeats every 2 min/)).toBeTruthy();
    await userEvent.clear(high);
    await userEvent.type(high, '3');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo('PUT', Resource.notifyPolicy)).toHaveLength(1));
    expect(api.callsTo('PUT', Resource.notifyPolicy)[0].body).toEqual({ high: 3, medium: 5, low: 15 });
    const row = screen.getByTestId('policy-row-high');
    await waitFor(() => expect(within(row).getAllByText(/push after 3 min · LINE and email after 6 min · admins after 9 min/).length).toBeGreaterThan(0));
    expect((screen.getByLabelText('Acknowledgement timeout for High priority, minutes') as HTMLInputElement).value).toBe('3');
    // Saved: nothing is left to lose, so the button rests until the next change.
    expect((screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('refuses a timeout outside its range without sending it, in Chinese', async () => {
    await i18next.changeLanguage('zh-TW');
    orgAdmin();
    const api = mockApi().on('GET', Resource.notifyPolicy, ok({ high: 2, medium: 5, low: 15 }));
    renderWithProviders(<NotifyPolicyPage />, { route: '/notify-policy' });
    const medium = await screen.findByLabelText('中優先的確認逾時（分鐘）');
    await userEvent.clear(medium);
    await userEvent.type(medium, '999');
    await userEvent.click(screen.getByRole('button', { name: '儲存' }));
    await waitFor(() => expect(medium.getAttribute('aria-invalid')).toBe('true'));
    expect(api.callsTo('PUT', Resource.notifyPolicy)).toHaveLength(0);
  });
});
