import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { personalUpdateRequest } from '@vigil/contracts';
import { ApiError } from '../../lib/http.ts';
import { renderWithProviders, signInAs } from '../../test/render.tsx';
import { FormDialog } from './FormDialog.tsx';

const fields = [
  { name: 'name' as const, label: 'Name', required: true },
  { name: 'email' as const, label: 'Email' },
];

describe('<FormDialog>', () => {
  it('shows the contracts rules as translated messages under the fields', async () => {
    const onSubmit = vi.fn(async () => undefined);
    renderWithProviders(
      <FormDialog open title="Edit profile" schema={personalUpdateRequest} defaultValues={{ name: '', phone: '', email: '' }} fields={fields} onSubmit={onSubmit} onClose={() => undefined} />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('This field is required')).toBeTruthy();
    await userEvent.type(screen.getByLabelText(/Name/), 'Ada<b>');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Cannot input special characters " \' ` \\ / ^ * ( ) [ ] { } < > |')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('submits valid values, closes, and places server field errors (-5) under their fields', async () => {
    const onClose = vi.fn();
    const onSubmit = vi
      .fn()
      .mockRejectedValueOnce(new ApiError(422, -5, [{ field: 'email', message: 'validation.invalidInput' }]))
      .mockResolvedValueOnce(undefined);
    renderWithProviders(
      <FormDialog open title="Edit profile" schema={personalUpdateRequest} defaultValues={{ name: 'Ada', phone: '', email: 'a@b.co' }} fields={fields} onSubmit={onSubmit} onClose={onClose} />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Invalid input')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledOnce());
    expect(onSubmit).toHaveBeenLastCalledWith({ name: 'Ada', phone: '', email: 'a@b.co' });
  });

  it('cannot submit without the permission for its call', () => {
    signInAs({ api: [] });
    renderWithProviders(
      <FormDialog open title="Edit" schema={personalUpdateRequest} defaultValues={{ name: 'A' }} fields={fields} onSubmit={async () => undefined} onClose={() => undefined} permission={{ method: 'PUT', route: '/personal' }} />,
    );
    expect(screen.getByRole('button', { name: 'Save' }).hasAttribute('disabled')).toBe(true);
  });
});
