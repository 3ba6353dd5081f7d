import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type CareSymptomRow, Resource, Role, careSymptomCreate, careSymptomRow, memberRow } from '@vigil/contracts';
import { careApi, pickMember } from '../records/test-support.ts';
import { testMember } from '../../../test/members.ts';
import { mockApi } from '../../../test/api-mock.ts';
import { renderWithProviders, signInAs } from '../../../test/render.tsx';
import SymptomPage from './SymptomPage.tsx';

const assessment: CareSymptomRow = {
  id: 3,
  org_id: 1,
  area_id: 5,
  area_name: 'East wing',
  member_id: 11,
  member_name: 'Mei Chen',
  assessed_at: 1_767_225_600,
  tool: 0,
  painad: null,
  sites: [{ view: 1, main_part: 6, small_part: 32, organ_position: null, finding: 0, pain_type: 6, intensity: 7, category: null, worst: true }],
  score: 7,
  onset_at: null,
  notes: null,
  photos: [],
  reassess_at: 1_767_229_200,
  state: 0,
  abnormal_id: 9,
  assessor_id: 2,
  assessor_name: 'Nurse Lin',
  created_at: 1_767_225_600,
  updated_at: 1_767_225_600,
};

const api = careApi(Resource.careSymptom);

describe('symptom page', () => {
  it('lists an assessment above 3 in words with its site and the reassessment due', async () => {
    signInAs({ router: Role.orgStaff, api });
    const server = mockApi();
    server.list(Resource.careSymptom, careSymptomRow, [assessment]);
    server.list(Resource.user, memberRow, [testMember]);
    renderWithProviders(<SymptomPage />);
    const row = (await screen.findByRole('cell', { name: 'Mei Chen' })).closest('tr')!;
    expect(within(row).getByText('7/10 · above 3')).toBeTruthy();
    expect(within(row).getByText('Lumbar spine (Back): pain 7/10 · worst')).toBeTruthy();
    expect(within(row).getByText(/^Due by/)).toBeTruthy();
  });

  it('marks a part on the body map by keyboard and sends the site the server accepts', async () => {
    signInAs({ router: Role.orgStaff, api });
    const server = mockApi();
    server.list(Resource.careSymptom, careSymptomRow, []);
    server.list(Resource.user, memberRow, [testMember]);
    server.accept('POST', Resource.careSymptom, careSymptomCreate, assessment);
    renderWithProviders(<SymptomPage />);

    await userEvent.click(await screen.findByRole('button', { name: 'New assessment' }));
    const form = within(await screen.findByRole('dialog', { name: 'New assessment' }));
    await pickMember(form, /Resident/);
    // Left and right are the member's own; the front view shows the member's left on the reader's right.
    const leftArmFront = form.getByRole('button', { name: 'Left arm, Front' });
    expect(leftArmFront.getAttribute('x')).toBe('138');
    const lowerBack = form.getByRole('button', { name: 'Lower back, Back' });
    lowerBack.focus();
    await userEvent.keyboard('{Enter}');
    expect(lowerBack.getAttribute('aria-pressed')).toBe('true');
    // A click (a tap) marks a part as well.
    await userEvent.click(leftArmFront);
    expect(leftArmFront.getAttribute('aria-pressed')).toBe('true');
    await userEvent.click(leftArmFront);
    expect(leftArmFront.getAttribute('aria-pressed')).toBe('false');
    // Saving without the pain type and intensity is refused under the site's own fields.
    await userEvent.click(form.getByRole('button', { name: 'Save' }));
    const site = within(form.getByRole('region', { name: 'Lower back, Back' }));
    expect(await site.findAllByText('This field is required')).toHaveLength(2);
    await userEvent.click(site.getByRole('combobox', { name: /Pain type/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Sharp' }));
    await userEvent.click(site.getByRole('combobox', { name: /Intensity/ }));
    await userEvent.click(await screen.findByRole('option', { name: '5' }));
    expect(form.getByText('Pain score: 5/10')).toBeTruthy();
    await userEvent.click(form.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const [call] = server.callsTo('POST', Resource.careSymptom);
    expect(call.body).toMatchObject({
      member_id: 11,
      tool: 0,
      sites: [{ view: 1, main_part: 6, finding: 0, pain_type: 6, intensity: 5, worst: true }],
    });
  });
});
