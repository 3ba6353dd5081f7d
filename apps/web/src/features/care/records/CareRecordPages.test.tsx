import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import {
  type CareHealthRow,
  Resource,
  Role,
  careFollowUpRow,
  careFollowUpUpdate,
  careHealthCreate,
  careHealthRow,
  careScheduleCreate,
  careScheduleRow,
  localDayStart,
  memberRow,
} from '@vigil/contracts';
import { testMember } from '../../../test/members.ts';
import { saveAndRead } from './test-support.ts';
import { mockApi, ok } from '../../../test/api-mock.ts';
import { renderWithProviders, signInAs } from '../../../test/render.tsx';
import { EducatePage, ReconsultationPage, ServiceSchedulePage } from '../pages.tsx';

/** The suite shares two cores with builds and other suites: wait as long as a user would. */
const slow = { timeout: 30_000 };
const gets = (...routes: string[]) => routes.map((route) => ({ route, method: 'GET' as const }));
const page = (route: string) =>
  renderWithProviders(
    <Routes>
      <Route path="/educate/*" element={<EducatePage />} />
      <Route path="/service-schedule/*" element={<ServiceSchedulePage />} />
      <Route path="/reconsultation/*" element={<ReconsultationPage />} />
    </Routes>,
    { route },
  );

describe('care record pages', () => {
  it('opens education from an alert with the member filled in, links the saved record to the alert and shows it first', async () => {
    signInAs({ router: Role.orgStaff, api: [...gets(Resource.careHealth, Resource.user), { route: Resource.careHealth, method: 'POST' }] });
    const server = mockApi();
    const served = server.list(Resource.careHealth, careHealthRow, []);
    server.list(Resource.user, memberRow, [testMember]);
    server.on('POST', Resource.careHealth, (call) => {
      const body = careHealthCreate.parse(call.body);
      const saved: CareHealthRow = careHealthRow.parse({
        id: 31,
        org_id: 1,
        area_id: 5,
        area_name: 'East wing',
        member_id: body.member_id,
        member_name: 'Mei Chen',
        type: body.type,
        educate_at: body.educate_at,
        topic: body.topic,
        content: body.content,
        recipient: body.recipient,
        method: body.method,
        understanding: body.understanding,
        educator_id: body.educator_id,
        educator_name: 'Ada Chen',
        review_at: body.educate_at + 86_400,
        state: 0,
        abnormal_id: body.abnormal_id ?? null,
        attachments: [],
        remark: null,
        created_at: 1_767_225_600,
        updated_at: 1_767_225_600,
      });
      served.unshift(saved);
      return ok(saved);
    });
    page('/educate?create=1&user_id=11&abnormal_id=7');

    const form = within(await screen.findByRole('dialog', { name: 'Record education' }, slow));
    await waitFor(() => expect(form.getByRole('combobox', { name: 'Resident' })).toHaveProperty('value', 'Mei Chen · East wing'), slow);
    await userEvent.type(form.getByLabelText(/^Topic/), 'Fall prevention');
    await userEvent.type(form.getByLabelText(/^What was taught/), 'Stand up slowly');
    const body = await saveAndRead(form, server, Resource.careHealth, careHealthCreate, { timeout: slow.timeout });
    // The educator defaults to the signed-in staff member, the alert and member come from the address.
    expect(body).toMatchObject({ member_id: 11, abnormal_id: 7, educator_id: 7, topic: 'Fall prevention' });
    const row = (await screen.findByRole('cell', { name: /Fall prevention/ }, slow)).closest('tr')!;
    expect(within(row).getByText('Alert #7')).toBeTruthy();
  });

  it('plans a service on the care home’s own day and wall-clock time, whatever the browser’s zone', async () => {
    signInAs({ router: Role.orgStaff, api: [...gets(Resource.careSchedule, Resource.user), { route: Resource.careSchedule, method: 'POST' }] });
    const server = mockApi();
    server.list(Resource.careSchedule, careScheduleRow, []);
    server.list(Resource.user, memberRow, [testMember]);
    server.accept('POST', Resource.careSchedule, careScheduleCreate);
    page('/service-schedule?create=1&user_id=11');

    const form = within(await screen.findByRole('dialog', { name: 'Plan a service' }, slow));
    await userEvent.type(form.getByLabelText(/^Title/), 'Assisted shower');
    const body = await saveAndRead(form, server, Resource.careSchedule, careScheduleCreate, { timeout: slow.timeout });
    expect(body).toMatchObject({ member_id: 11, title: 'Assisted shower', time_of_day: 9 * 60, start_date: localDayStart(Math.floor(Date.now() / 1000)), repeat: 1 });
  });

  it("edits a follow-up visit's companion phone, a field only its contract describes (docs/architecture.md)", async () => {
    signInAs({ router: Role.orgStaff, api: [...gets(Resource.careFollowUp, Resource.user), { route: `${Resource.careFollowUp}/{id}`, method: 'PUT' }] });
    const server = mockApi();
    server.list(Resource.careFollowUp, careFollowUpRow, [
      {
        id: 41,
        org_id: 1,
        area_id: 5,
        area_name: 'East wing',
        member_id: 11,
        member_name: 'Mei Chen',
        hospital: 'Taipei General',
        department: 1,
        doctor: null,
        appointment_at: 1_767_225_600,
        appointment_no: null,
        reason: 'Blood pressure review',
        transport: 0,
        companion: 0,
        companion_name: 'Ada Chen',
        companion_phone: '0912-000-111',
        bring_items: null,
        result: null,
        next_appointment_at: null,
        state: 0,
        abnormal_id: null,
        remark: null,
        created_at: 1_767_225_600,
        updated_at: 1_767_225_600,
      },
    ]);
    server.list(Resource.user, memberRow, [testMember]);
    server.accept('PUT', `${Resource.careFollowUp}/{id}`, careFollowUpUpdate);
    page('/reconsultation');

    const row = (await screen.findByRole('cell', { name: /Taipei General/ }, slow)).closest('tr')!;
    await userEvent.click(within(row).getByRole('button', { name: 'Edit' }));
    const form = within(await screen.findByRole('dialog', {}, slow));
    const phone = form.getByLabelText("Companion's phone");
    expect(phone).toHaveProperty('value', '0912-000-111');
    await userEvent.clear(phone);
    await userEvent.type(phone, '0912-222-333');
    await userEvent.click(form.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(server.callsTo('PUT', `${Resource.careFollowUp}/41`)).toHaveLength(1), slow);
    expect(server.callsTo('PUT', `${Resource.careFollowUp}/41`)[0].body).toMatchObject({ companion_name: 'Ada Chen', companion_phone: '0912-222-333' });
  });
});
