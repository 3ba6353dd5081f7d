import { screen, type within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type MemberRow, Resource } from '@vigil/contracts';

/** The member the care record tests file their records for: Mei Chen, room 201A of the East wing. */
export const testMember: MemberRow = {
  id: 11,
  org_id: 1,
  org_name: 'Sunrise Home',
  area_id: 5,
  area_name: 'East wing',
  name: 'Mei Chen',
  gender: 1,
  birthday: '1940-03-02',
  id_number: null,
  phone: null,
  room: '201',
  bed: 'A',
  medical_state: 0,
  emergency_contact: null,
  emergency_phone: null,
  enable: true,
  is_follow: false,
  removed_at: null,
  remark: null,
  created_at: 1_767_225_600,
  updated_at: 1_767_225_600,
};

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
