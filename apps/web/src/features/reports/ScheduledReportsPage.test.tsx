import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Resource, Role, reportSchedule, reportScheduleUpdate, scheduledReportKinds, type KeptReport, type ReportSchedule } from '@vigil/contracts';
import { mockApi, ok, pageOf } from '../../test/api-mock.ts';
import { renderWithProviders, signInAs } from '../../test/render.tsx';
import ScheduledReportsPage from './ScheduledReportsPage.tsx';

const schedule = (kind: ReportSchedule['kind']): ReportSchedule =>
  reportSchedule.parse({
    kind,
    enabled: false,
    recipients: [],
    lang: 'zh-TW',
    hour: 6,
    utc_offset: 480,
    keep_days: 30,
    mail_configured: true,
    updated_at: null,
    updated_by_name: null,
  });
const kept: KeptReport = {
  id: 3,
  kind: 'alert_burden',
  subject_id: null,
  subject_name: null,
  period_start: 1_761_955_200,
  period_end: 1_764_547_200,
  filename: 'alert-burden-2025-11.csv',
  size: 120,
  mailed: 1,
  status: 'ready',
  created_at: 1_764_550_000,
  expires_at: 1_767_139_200,
};

afterEach(() => vi.restoreAllMocks());

describe('scheduled reports page', () => {
  it('turns the monthly alert-burden report on for two mailboxes and downloads a kept report', async () => {
    signInAs({
      router: Role.orgAdmin,
      api: [
        { route: Resource.reportSchedule, method: 'GET' },
        // The catalogue's key (PUT /report-schedule/{kind}): the page asks for that one.
        { route: `${Resource.reportSchedule}/{kind}`, method: 'PUT' },
      ],
    });
    const server = mockApi();
    server.on('GET', Resource.reportSchedule, ok(scheduledReportKinds.map(schedule)));
    server.on('GET', `${Resource.reportSchedule}/report`, (call) => ok(pageOf([kept], call.query)));
    server.accept('PUT', `${Resource.reportSchedule}/{kind}`, reportScheduleUpdate, { ...schedule('alert_burden'), enabled: true });
    server.on('GET', `${Resource.reportSchedule}/report/{id}`, { status: 200, body: 'file' });
    const saved = vi.spyOn(URL, 'createObjectURL').mockImplementation(() => 'blob:report');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    // jsdom cannot follow the download link; the saved blob is what the user gets.
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    renderWithProviders(<ScheduledReportsPage />);

    const form = within(await screen.findByRole('form', { name: 'Monthly alert-burden report' }));
    await userEvent.click(form.getByRole('switch', { name: 'On' }));
    await userEvent.type(form.getByRole('textbox', { name: 'Recipients' }), 'director@care.test, nurse@care.test');
    await userEvent.click(form.getByRole('button', { name: 'Save schedule' }));
    await waitFor(() => expect(server.callsTo('PUT', `${Resource.reportSchedule}/alert_burden`)).toHaveLength(1));
    expect(server.callsTo('PUT', `${Resource.reportSchedule}/alert_burden`)[0]!.body).toMatchObject({
      enabled: true,
      recipients: ['director@care.test', 'nurse@care.test'],
      lang: 'zh-TW',
      hour: 6,
      keep_days: 30,
    });

    await userEvent.click(await screen.findByRole('button', { name: 'Download alert-burden-2025-11.csv' }));
    await waitFor(() => expect(saved).toHaveBeenCalledTimes(1));
  });

  it('names a mailbox it cannot send to before asking the server', async () => {
    signInAs({ router: Role.orgAdmin, api: [{ route: `${Resource.reportSchedule}/{kind}`, method: 'PUT' }] });
    const server = mockApi();
    server.on('GET', Resource.reportSchedule, ok(scheduledReportKinds.map(schedule)));
    server.on('GET', `${Resource.reportSchedule}/report`, (call) => ok(pageOf([], call.query)));
    renderWithProviders(<ScheduledReportsPage />);

    const form = within(await screen.findByRole('form', { name: 'Daily shift summary (one per area)' }));
    await userEvent.type(form.getByRole('textbox', { name: 'Recipients' }), 'not-a-mailbox');
    await userEvent.click(form.getByRole('button', { name: 'Save schedule' }));
    expect(await form.findByText('Not an email address: not-a-mailbox')).toBeTruthy();
    expect(server.callsTo('PUT', `${Resource.reportSchedule}/shift_summary`)).toHaveLength(0);
    expect(screen.getByText('No report has been made yet.')).toBeTruthy();
  });
});
