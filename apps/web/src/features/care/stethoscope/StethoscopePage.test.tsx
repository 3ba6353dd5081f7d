import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Organ, OrganPosition, Resource, Role, careStethoscopeCreate, careStethoscopeRow, memberRow, organPositions } from '@vigil/contracts';
import { STORED, careApi, pickMember, saveAndRead } from '../records/test-support.ts';
import { testMember } from '../../../test/members.ts';
import { mockApi, ok } from '../../../test/api-mock.ts';
import { renderWithProviders, signInAs } from '../../../test/render.tsx';
import StethoscopePage from './StethoscopePage.tsx';

describe('stethoscope recordings', () => {
  it('records a stethoscope recording: the points follow the organ, and the one audio file is sent as its name', async () => {
    signInAs({ router: Role.hospitalDoctor, api: careApi(Resource.careStethoscope) });
    const server = mockApi();
    server.list(Resource.careStethoscope, careStethoscopeRow, []);
    server.list(Resource.user, memberRow, [testMember]);
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
    const body = await saveAndRead(form, server, Resource.careStethoscope, careStethoscopeCreate);
    expect(body).toMatchObject({ member_id: 11, organ: Organ.back, position: organPositions[Organ.back][0], audio: `${STORED}.wav` });
    expect(body.position).not.toBe(OrganPosition.aorticArea);
  });
});
