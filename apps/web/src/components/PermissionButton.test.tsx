import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWithProviders, signInAs } from '../test/render.tsx';
import { PermissionButton } from './PermissionButton.tsx';

describe('<PermissionButton>', () => {
  it('is enabled only when the permission list holds its method and route', () => {
    signInAs({ api: [{ route: '/user', method: 'POST' }, { route: '/user/{id}', method: 'DELETE' }] });
    renderWithProviders(
      <>
        <PermissionButton method="POST" route="/user">Add</PermissionButton>
        <PermissionButton method="DELETE" route="/user/{id}">Delete</PermissionButton>
        <PermissionButton method="POST" route="/staff">Add staff</PermissionButton>
      </>,
    );
    expect(screen.getByRole('button', { name: 'Add' }).hasAttribute('disabled')).toBe(false);
    expect(screen.getByRole('button', { name: 'Delete' }).hasAttribute('disabled')).toBe(false);
    const denied = screen.getByRole('button', { name: 'Add staff' });
    expect(denied.hasAttribute('disabled')).toBe(true);
    expect(denied.getAttribute('title')).toBe('You do not have permission for this action');
  });
});
