import { describe, expect, it } from 'vitest';
import { act, render, screen, waitFor } from '@testing-library/react';
import { SnackbarProvider } from 'notistack';
import { notify, notifyError, notifySuccess } from '../../lib/notify.ts';
// Initialises i18next with both languages' messages.
import '../../test/render.tsx';
import { ToastBridge } from './ToastBridge.tsx';

function renderBridge() {
  render(
    <SnackbarProvider maxSnack={4}>
      <ToastBridge />
    </SnackbarProvider>,
  );
}

describe('<ToastBridge>', () => {
  it('closes the error toasts still showing when a success arrives, and keeps the success', async () => {
    renderBridge();
    act(() => notifyError('error.validationFailed'));
    act(() => notifyError('error.duplicate'));
    expect(await screen.findByText('Form validation failed')).toBeTruthy();
    expect(screen.getByText('Duplicate data')).toBeTruthy();

    act(() => notifySuccess());
    expect(await screen.findByText('Success')).toBeTruthy();
    await waitFor(() => {
      expect(screen.queryByText('Form validation failed')).toBeNull();
      expect(screen.queryByText('Duplicate data')).toBeNull();
    });
    expect(screen.getByText('Success')).toBeTruthy();
  });

  it('leaves other toasts alone, and shows an error raised after the success', async () => {
    renderBridge();
    act(() => notify({ variant: 'info', key: 'error.notFound' }));
    act(() => notifySuccess());
    act(() => notifyError('error.duplicate'));
    expect(await screen.findByText('Duplicate data')).toBeTruthy();
    expect(screen.getByText('Data not found')).toBeTruthy();
  });
});
