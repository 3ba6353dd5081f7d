import { screen, type within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Resource } from '@vigil/contracts';

/** A stored file's name as the server gives it. */
export const STORED = '0123456789abcdef0123456789abcdef';

/** The permissions of a care record page: read and create its records, read the members. */
export const careApi = (route: string) => [
  { route, method: 'GET' as const },
  { route, method: 'POST' as const },
  { route: Resource.user, method: 'GET' as const },
];

/** Picks the test member in a form's member field, named with the organisation's word for its members. */
export async function pickMember(form: ReturnType<typeof within>, term: RegExp) {
  await userEvent.click(form.getByRole('combobox', { name: term }));
  await userEvent.click(await screen.findByRole('option', { name: /Mei Chen/ }));
}
