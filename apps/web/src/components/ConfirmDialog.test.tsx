import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../test/render.tsx';
import { ConfirmDialog } from './ConfirmDialog.tsx';

describe('<ConfirmDialog>', () => {
  it('asks before deleting and closes after the deletion succeeded', async () => {
    const onConfirm = vi.fn(async () => undefined);
    const onClose = vi.fn();
    renderWithProviders(<ConfirmDialog open onConfirm={onConfirm} onClose={onClose} />);
    expect(screen.getByRole('dialog', { name: 'Delete record' })).toBeTruthy();
    expect(screen.getByText('Delete this record? This cannot be undone.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(onConfirm).toHaveBeenCalledOnce();
    await waitFor(() => expect(onClose).toHaveBeenCalledOnce());
  });

  it('stays open when the deletion fails', async () => {
    const onClose = vi.fn();
    renderWithProviders(<ConfirmDialog open onConfirm={() => Promise.reject(new Error('no'))} onClose={onClose} />);
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Delete' }).hasAttribute('disabled')).toBe(false));
    expect(onClose).not.toHaveBeenCalled();
  });
});
