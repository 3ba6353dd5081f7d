import { expect } from 'vitest';
import { screen, waitFor, type within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { z } from 'zod';
import { Resource } from '@vigil/contracts';
import type { mockApi } from '../../../test/api-mock.ts';

type Form = ReturnType<typeof within>;

/** A stored file's name as the server gives it. */
export const STORED = '0123456789abcdef0123456789abcdef';

/** The permissions of a care record page: read and create its records, read the members. */
export const careApi = (route: string) => [
  { route, method: 'GET' as const },
  { route, method: 'POST' as const },
  { route: Resource.user, method: 'GET' as const },
];

/** Picks the test member in a form's member field, named with the organisation's word for its members. */
export async function pickMember(form: Form, term: RegExp) {
  await userEvent.click(form.getByRole('combobox', { name: term }));
  await userEvent.click(await screen.findByRole('option', { name: /Mei Chen/ }));
}

/** Presses the form's Save and answers the body of the `count`th POST to `path` the page then sent, as `schema` reads it. */
export async function saveAndRead<T>(form: Form, server: ReturnType<typeof mockApi>, path: string, schema: z.ZodType<T>, { count = 1, timeout = 1000 } = {}) {
  await userEvent.click(form.getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(server.callsTo('POST', path)).toHaveLength(count), { timeout });
  return schema.parse(server.callsTo('POST', path)[count - 1].body);
}
