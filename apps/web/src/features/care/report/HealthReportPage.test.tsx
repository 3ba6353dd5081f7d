import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Resource, Role, careReportCreate, careReportRow, memberRow } from '@vigil/contracts';
import { STORED, careApi, pickMember, saveAndRead } from '../records/test-support.ts';
import { testMember } from '../../../test/members.ts';
import { mockApi, ok } from '../../../test/api-mock.ts';
import { renderWithProviders, signInAs } from '../../../test/render.tsx';
import HealthReportPage from './HealthReportPage.tsx';

describe('health reports', () => {
  it('uploads a report through the kit’s form: the files field holds the stored names, and a report needs one', async () => {
    signInAs({ router: Role.orgStaff, api: careApi(Resource.careReport) });
    const server = mockApi();
    server.list(Resource.careReport, careReportRow, []);
    server.list(Resource.user, memberRow, [testMember]);
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
    const body = await saveAndRead(form, server, Resource.careReport, careReportCreate);
    expect(body).toMatchObject({ member_id: 11, title: 'Blood test', files: [`${STORED}.pdf`] });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
