import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { Resource } from '@vigil/contracts';
import { type Toast, setToastSink } from '../../../lib/notify.ts';
import { jsonResponse, renderWithProviders, signInAs } from '../../../test/render.tsx';
import PassModifyPage from './PassModifyPage.tsx';

function answerPut(body: unknown, status = 422) {
  const fetchMock = vi.fn(async () => jsonResponse(status, body));
  vi.stubGlobal('fetch', fetchMock);
  onTestFinished(() => void vi.unstubAllGlobals());
  return fetchMock;
}

async function submit(old: string, next: string) {
  await userEvent.type(screen.getByLabelText(/Current password|目前密碼/), old);
  await userEvent.type(screen.getByLabelText(/^(New password|新密碼)/), next);
  await userEvent.type(screen.getByLabelText(/Confirm new password|確認新密碼/), next);
  await userEvent.click(screen.getByRole('button', { name: /Change password|變更密碼/ }));
}

describe('<PassModifyPage>', () => {
  for (const [language, message] of [
    ['en', 'Current password is incorrect'],
    ['zh-TW', '目前密碼不正確'],
  ] as const) {
    it(`shows "${message}" on the current-password field, with no "validation failed" toast (${language})`, async () => {
      await i18next.changeLanguage(language);
      signInAs({ api: [{ route: Resource.personalPassword, method: 'PUT' }] });
      const toasts: Toast[] = [];
      setToastSink((toast) => toasts.push(toast));
      onTestFinished(() => setToastSink(null));
      answerPut({ code: -5, message: 'x', errors: [{ field: 'old_password', message: 'validation.currentPasswordIncorrect' }] });
      renderWithProviders(<PassModifyPage />, { route: '/pass-modify' });
      await submit('Wrong1234', 'Better123');
      const field = screen.getByLabelText(/Current password|目前密碼/);
      await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'));
      expect(screen.getByText(message)).toBeTruthy();
      expect(toasts).toEqual([]);
    });
  }

  it('shows the reuse message on the new-password field', async () => {
    signInAs({ api: [{ route: Resource.personalPassword, method: 'PUT' }] });
    answerPut({ code: -5, message: 'x', errors: [{ field: 'new_password', message: 'validation.passwordReused' }] });
    renderWithProviders(<PassModifyPage />, { route: '/pass-modify' });
    await submit('Demo1234', 'Demo1234');
    expect(await screen.findByText('This password is your current one or was used recently; choose another')).toBeTruthy();
    expect(screen.getByLabelText(/^New password/).getAttribute('aria-invalid')).toBe('true');
  });
});
