import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  type MemberRow,
  Organ,
  OrganPosition,
  Resource,
  Role,
  careReportCreate,
  careReportRow,
  careStethoscopeCreate,
  careStethoscopeRow,
  memberRow,
  organPositions,
} from '@vigil/contracts';
import { mockApi, ok } from '../../../test/api-mock.ts';
import { renderWithProviders, signInAs } from '../../../test/render.tsx';
import HealthReportPage from './HealthReportPage.tsx';
import StethoscopePage from './StethoscopePage.tsx';

// uPlot (the recording's waveform) asks matchMedia for the pixel ratio as it loads.
vi.hoisted(() => {
  window.matchMedia = (media: string) => ({ matches: false, media, onchange: null, addListener: () => undefined, removeListener: () => undefined, addEventListener: () => undefined, removeEventListener: () => undefined, dispatchEvent: () => false });
});

const member: MemberRow = {
  id: 11,
  org_id: 1,
  org_name: 'Sunrise Home',
  area_id: 5,
  area_name: 'East wing',
  name: 'Mei Chen',
  gender: 0,
  birthday: '1940-03-02',
  id_number: null,
  phone: null,
  room: '201',
  bed: 'A',
  medical_state: 8,
  emergency_contact: null,
  emergency_phone: null,
  enable: true,
  is_follow: false,
  removed_at: null,
  remark: null,
  created_at: 1_767_225_600,
  updated_at: 1_767_225_600,
};

const STORED = '0123456789abcdef0123456789abcdef';
const api = (route: string) => [
  { route, method: 'GET' as const },
  { route, method: 'POST' as const },
  { route: Resource.user, method: 'GET' as const },
];

/** The member field, named with the organisation's word for its members. */
async function pickMember(form: ReturnType<typeof within>, term: RegExp) {
  await userEvent.click(form.getByRole('combobox', { name: term }));
  await userEvent.click(await screen.findByRole('option', { name: /Mei Chen/ }));
}

describe('care records with files', { timeout: 30_000 }, () => {
  it('uploads a report through the kit’s form: the files field holds the stored names, and a report needs one', async () => {
    signInAs({ router: Role.orgStaff, api: api(Resource.careReport) });
    const server = mockApi();
    server.list(Resource.careReport, careReportRow, []);
    server.list(Resource.user, memberRow, [member]);
    server.accept('POST', Resource.careReport, careReportCreate);
    server.on('POST', '/file/report', ok({ name: `${STORED}.pdf` }));
    renderWithProviders(<HealthReportPage />);

    await userEvent.click(await screen.findByRole('button', { name: 'Upload report' }));
    const form = within(await screen.findByRole('dialog', { name: 'Upload report' }));
    await pickMember(form, /Resident/);
    await userEvent.type(form.getByLabelText(/^Title/), 'Blood test');
    await userEvent.click(form.getByRole('button', { name: 'Save' }));
    // No file yet: refused under the files field, nothing sent.
    expect(await form.findByText('This field is required')).toBeTruthy();
    expect(server.callsTo('POST', Resource.careReport)).toHaveLength(0);

    await userEvent.upload(form.getByTestId('file-input'), new File([new Uint8Array([0x25, 0x50, 0x44, 0x46])], 'blood-test.pdf', { type: 'application/pdf' }));
    expect(await form.findByText('blood-test.pdf')).toBeTruthy();
    await userEvent.click(form.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(server.callsTo('POST', Resource.careReport)).toHaveLength(1));
    const body = careReportCreate.parse(server.callsTo('POST', Resource.careReport)[0].body);
    expect(body).toMatchObject({ member_id: 11, title: 'Blood test', files: [`${STORED}.pdf`] });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('records a stethoscope recording: the points follow the organ, and the one audio file is sent as its name', async () => {
    signInAs({ router: Role.hospitalDoctor, api: api(Resource.careStethoscope) });
    const server = mockApi();
    server.list(Resource.careStethoscope, careStethoscopeRow, []);
    server.list(Resource.user, memberRow, [member]);
    server.accept('POST', Resource.careStethoscope, careStethoscopeCreate);
    server.on('POST', '/file/stethoscope', ok({ name: `${STORED}.wav` }));
    renderWithProviders(<StethoscopePage />);

    await userEvent.click(await screen.findByRole('button', { name: 'New recording' }));
    const form = within(await screen.findByRole('dialog', { name: 'New recording' }));
    await pickMember(form, /Patient/);
    await userEvent.click(form.getByRole('combobox', { name: /^Organ/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Back' }));
    // The heart's point no longer fits: the back's first point takes its place.
    await waitFor(() => expect(form.getByRole('combobox', { name: /Auscultation point/ }).textContent).not.toBe(''));
    await userEvent.upload(form.getByTestId('file-input'), new File([new Uint8Array([0x52, 0x49, 0x46, 0x46])], 'left-base.wav', { type: 'audio/wav' }));
    expect(await form.findByText('left-base.wav')).toBeTruthy();
    await userEvent.click(form.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(server.callsTo('POST', Resource.careStethoscope)).toHaveLength(1));
    const body = careStethoscopeCreate.parse(server.callsTo('POST', Resource.careStethoscope)[0].body);
    expect(body).toMatchObject({ member_id: 11, organ: Organ.back, position: organPositions[Organ.back][0], audio: `${STORED}.wav` });
    expect(body.position).not.toBe(OrganPosition.aorticArea);
  });
});
