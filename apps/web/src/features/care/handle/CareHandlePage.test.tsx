import { describe, expect, it, onTestFinished } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import {
  type CareDueRow,
  type CarePackageDetail,
  Resource,
  Role,
  areaRow,
  careDueRow,
  carePackageDetail,
  carePackageRow,
  doseEnteredInErrorRequest,
  handleFollowRequest,
  handleHealthRequest,
  handlePackageMedicineRequest,
  handleScheduleRequest,
  memberRow,
} from '@vigil/contracts';
import { type Toast, setToastSink } from '../../../lib/notify.ts';
import { mockApi } from '../../../test/api-mock.ts';
import { renderWithProviders, signInAs } from '../../../test/render.tsx';
import { saveAndRead } from '../records/test-support.ts';
import CareHandlePage from './CareHandlePage.tsx';

const DUE = 1_767_254_400;

const dueRow = (over: Partial<CareDueRow>): CareDueRow => ({
  kind: 'schedule',
  id: 31,
  record_id: 4,
  org_id: 1,
  area_id: 5,
  area_name: 'East wing',
  member_id: 11,
  member_name: 'Mei Chen',
  title: 'Shower, assisted',
  due_at: DUE,
  state: 0,
  late: false,
  last_handle: null,
  ...over,
});

const pkg: CarePackageDetail = {
  id: 9,
  org_id: 1,
  area_id: 5,
  area_name: 'East wing',
  member_id: 11,
  member_name: 'Mei Chen',
  medicine_id: 2,
  medicine_name: 'Morphine',
  unit: 'mg',
  controlled_level: 2,
  medication_type: 0,
  prescription_type: 0,
  frequency: 1,
  dose: 5,
  route: 0,
  daily_times: [480],
  weekdays: [],
  start_date: DUE,
  end_date: null,
  time_critical: false,
  prn_min_interval_minutes: null,
  prn_max_per_24h: null,
  prn_indication: null,
  pharmacy_org_id: null,
  pharmacy_org_name: null,
  pharmacy_name: null,
  prescriber: null,
  hospital: null,
  photos: [],
  balance: 20,
  enable: true,
  remark: null,
  created_at: DUE,
  updated_at: DUE,
  doses: [],
  ledger: [],
};

const permissions = (kind: string) => [
  { route: `/handle/${kind}`, method: 'GET' as const },
  { route: `/handle/${kind}`, method: 'POST' as const },
  { route: '/handle/package-medicine/error/{id}', method: 'PATCH' as const },
  { route: Resource.carePackage, method: 'GET' as const },
  { route: `${Resource.carePackage}/{id}`, method: 'GET' as const },
  { route: Resource.user, method: 'GET' as const },
  { route: Resource.area, method: 'GET' as const },
];

/** The page with the lists every kind loads (members and areas for its filters). */
function serve(kind: string, rows: CareDueRow[]) {
  signInAs({ router: Role.orgStaff, api: permissions(kind) });
  const server = mockApi();
  server.list(Resource.user, memberRow, []);
  server.list(Resource.area, areaRow, []);
  const served = server.list(`/handle/${kind}`, careDueRow, rows);
  return { server, served };
}

const rowOf = async (name: string) => (await screen.findByRole('cell', { name })).closest('tr')!;

describe('the shared handle page', () => {
  it('lists what is due, not processed and oldest first, and marks a late dose in words', async () => {
    const { server } = serve('package-medicine', [
      dueRow({ kind: 'package-medicine', id: 51, title: 'Aspirin 1 tablet', late: true }),
      dueRow({ kind: 'package-medicine', id: 52, member_name: 'Wei Lin', title: 'Metformin 1 tablet', due_at: DUE + 3600 }),
    ]);
    renderWithProviders(<CareHandlePage kind="package-medicine" />);
    const late = await rowOf('Aspirin 1 tablet');
    expect(within(late).getByText('Late')).toBeTruthy();
    expect(within(late).getByText('Not processed')).toBeTruthy();
    expect(within(await rowOf('Metformin 1 tablet')).queryByText('Late')).toBeNull();
    const query = server.callsTo('GET', '/handle/package-medicine')[0].query;
    expect(query).toMatchObject({ state: '0', order_by: 'due_at', order: 'asc' });
  });

  it('handles a due schedule with a body handleScheduleRequest accepts, and the item leaves the list', async () => {
    const { server, served } = serve('schedule', [dueRow({})]);
    server.accept('POST', '/handle/schedule', handleScheduleRequest);
    const toasts: Toast[] = [];
    setToastSink((toast) => toasts.push(toast));
    onTestFinished(() => setToastSink(null));
    renderWithProviders(<CareHandlePage kind="schedule" />);
    await userEvent.click(within(await rowOf('Shower, assisted')).getByRole('button', { name: 'Handle' }));
    const form = within(await screen.findByRole('dialog', { name: 'Handle: Mei Chen, Shower, assisted' }));
    await userEvent.type(form.getByLabelText(/Handling content/), 'Showered with help');
    served.splice(0);
    const body = await saveAndRead(form, server, '/handle/schedule', handleScheduleRequest);
    expect(body).toMatchObject({ occurrence_id: 31, done: true, content: 'Showered with help' });
    await waitFor(() => expect(toasts).toContainEqual({ variant: 'success', key: 'toast.success' }));
    await waitFor(() => expect(screen.queryByRole('cell', { name: 'Shower, assisted' })).toBeNull());
  });

  it('asks for a reason before a dose is recorded as not given', async () => {
    const { server } = serve('package-medicine', [dueRow({ kind: 'package-medicine', id: 51, title: 'Aspirin 1 tablet' })]);
    server.accept('POST', '/handle/package-medicine', handlePackageMedicineRequest);
    renderWithProviders(<CareHandlePage kind="package-medicine" />);
    await userEvent.click(within(await rowOf('Aspirin 1 tablet')).getByRole('button', { name: 'Not given' }));
    const form = within(await screen.findByRole('dialog', { name: 'Dose not given: Mei Chen, Aspirin 1 tablet' }));
    await userEvent.type(form.getByLabelText(/Handling content/), 'Spat it out');
    await userEvent.click(form.getByRole('button', { name: 'Save' }));
    expect(await form.findByText('This field is required')).toBeTruthy();
    expect(server.callsTo('POST', '/handle/package-medicine')).toHaveLength(0);

    await userEvent.click(form.getByRole('combobox', { name: /Reason not given/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Refused' }));
    const body = await saveAndRead(form, server, '/handle/package-medicine', handlePackageMedicineRequest);
    expect(body).toMatchObject({ dose_id: 51, outcome: 1, reason: 0, content: 'Spat it out' });
  });

  it('asks a controlled medicine’s witness to sign in, and shows the server’s refusal on that field', async () => {
    const { server } = serve('package-medicine', [dueRow({ kind: 'package-medicine', id: 51, record_id: 9, title: 'Morphine 5 mg' })]);
    server.list(Resource.carePackage, carePackageDetail, [pkg]);
    server.on('POST', '/handle/package-medicine', {
      status: 422,
      body: { code: -5, message: 'validation failed', errors: [{ field: 'witness_account', message: 'validation.witnessInvalid' }] },
    });
    renderWithProviders(<CareHandlePage kind="package-medicine" />);
    await userEvent.click(within(await rowOf('Morphine 5 mg')).getByRole('button', { name: 'Given' }));
    const form = within(await screen.findByRole('dialog', { name: 'Dose given: Mei Chen, Morphine 5 mg' }));
    expect((form.getByLabelText(/Amount given \(mg\)/) as HTMLInputElement).value).toBe('5');
    await userEvent.type(form.getByLabelText(/Witness account/), 'nurse2');
    await userEvent.type(form.getByLabelText(/Witness password/), 'secret-1');
    const body = await saveAndRead(form, server, '/handle/package-medicine', handlePackageMedicineRequest);
    expect(body).toMatchObject({ dose_id: 51, outcome: 0, amount: 5, witness_account: 'nurse2', witness_password: 'secret-1' });
    const account = form.getByLabelText(/Witness account/);
    await waitFor(() => expect(account.getAttribute('aria-invalid')).toBe('true'));
  });

  it('shows no witness for a medicine that is not controlled', async () => {
    const { server } = serve('package-medicine', [dueRow({ kind: 'package-medicine', id: 51, record_id: 9, title: 'Aspirin 1 tablet' })]);
    server.list(Resource.carePackage, carePackageDetail, [{ ...pkg, medicine_name: 'Aspirin', unit: 'tablet', dose: 1, controlled_level: 0, balance: null }]);
    renderWithProviders(<CareHandlePage kind="package-medicine" />);
    await userEvent.click(within(await rowOf('Aspirin 1 tablet')).getByRole('button', { name: 'Given' }));
    const form = within(await screen.findByRole('dialog', { name: 'Dose given: Mei Chen, Aspirin 1 tablet' }));
    expect(form.getByLabelText(/Time given/)).toBeTruthy();
    expect(form.queryByLabelText(/Witness account/)).toBeNull();
  });

  it('records a follow-up visit’s result with the next appointment as a time the contracts accept', async () => {
    const { server } = serve('follow', [dueRow({ kind: 'follow', id: 8, record_id: 8, title: 'City Hospital' })]);
    server.accept('POST', '/handle/follow', handleFollowRequest);
    renderWithProviders(<CareHandlePage kind="follow" />);
    await userEvent.click(within(await rowOf('City Hospital')).getByRole('button', { name: 'Handle' }));
    const form = within(await screen.findByRole('dialog', { name: 'Handle: Mei Chen, City Hospital' }));
    await userEvent.type(form.getByLabelText(/Visit result/), 'Blood pressure stable, same medicines');
    await userEvent.type(form.getByLabelText(/Next appointment/), '2026-03-02T09:30');
    const body = await saveAndRead(form, server, '/handle/follow', handleFollowRequest);
    expect(body).toMatchObject({ record_id: 8, content: 'Blood pressure stable, same medicines' });
    expect(new Date(body.next_appointment_at! * 1000).getMinutes()).toBe(30);
  });

  it('gives an as-needed dose inside its interval only with an override reason', async () => {
    const { server } = serve('package-medicine', []);
    const prn: CarePackageDetail = {
      ...pkg,
      id: 12,
      medicine_name: 'Paracetamol',
      unit: 'tablet',
      dose: 1,
      controlled_level: 0,
      balance: null,
      frequency: 21,
      daily_times: [],
      prn_min_interval_minutes: 240,
      prn_max_per_24h: 4,
    };
    server.list(Resource.carePackage, carePackageRow, [prn, { ...prn, id: 13, medicine_name: 'Amlodipine', frequency: 1 as const }]);
    server.on('POST', '/handle/package-medicine', (call) =>
      (call.body as { override_reason?: string }).override_reason
        ? { status: 200, body: { data: null } }
        : { status: 422, body: { code: -5, message: 'validation failed', errors: [{ field: 'override_reason', message: 'validation.prnTooSoon' }] } },
    );
    renderWithProviders(<CareHandlePage kind="package-medicine" />);
    await userEvent.click(await screen.findByRole('button', { name: 'Record as-needed dose' }));
    const picker = within(await screen.findByRole('dialog', { name: 'Record an as-needed (PRN) dose' }));
    await userEvent.click(picker.getByRole('combobox', { name: /As-needed medication package/ }));
    expect(screen.queryByRole('option', { name: /Amlodipine/ })).toBeNull();
    await userEvent.click(await screen.findByRole('option', { name: 'Mei Chen · Paracetamol 1 tablet' }));
    await userEvent.click(picker.getByRole('button', { name: 'Next' }));
    const form = within(await screen.findByRole('dialog', { name: 'Dose given: Mei Chen, Paracetamol' }));
    expect(form.getByText(/minimum interval \(240 min\)/)).toBeTruthy();
    await userEvent.click(form.getByRole('button', { name: 'Save' }));
    expect(await form.findByText('Too soon after the last dose: give it only with an override reason')).toBeTruthy();
    await userEvent.type(form.getByLabelText(/Override reason/), 'Pain not relieved, nurse in charge agreed');
    const body = await saveAndRead(form, server, '/handle/package-medicine', handlePackageMedicineRequest, { count: 2 });
    expect(body).toMatchObject({ package_id: 12, outcome: 0, override_reason: 'Pain not relieved, nurse in charge agreed' });
    expect(body.dose_id).toBeUndefined();
  });

  it('marks a recorded dose entered in error, with why, through its handle', async () => {
    const handle = { id: 77, state: 1 as const, content: 'Given', staff_id: 7, staff_name: 'Grace Lin', handle_time: DUE + 60, remark: null };
    const { server } = serve('package-medicine', [dueRow({ kind: 'package-medicine', id: 51, title: 'Aspirin 1 tablet', state: 1, last_handle: handle })]);
    server.accept('PATCH', '/handle/package-medicine/error/{id}', doseEnteredInErrorRequest);
    renderWithProviders(<CareHandlePage kind="package-medicine" />);
    const row = await rowOf('Aspirin 1 tablet');
    expect(within(row).getByText('Processed')).toBeTruthy();
    expect(within(row).getByText(/^Grace Lin · /)).toBeTruthy();
    expect(within(row).queryByRole('button', { name: 'Given' })).toBeNull();
    await userEvent.click(within(row).getByRole('button', { name: 'Mark entered in error' }));
    const form = within(await screen.findByRole('dialog', { name: 'Entered in error: Mei Chen, Aspirin 1 tablet' }));
    await userEvent.type(form.getByLabelText(/Why the entry is wrong/), 'Recorded for the wrong resident');
    await userEvent.click(form.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(server.callsTo('PATCH', '/handle/package-medicine/error/77')).toHaveLength(1));
    expect(server.callsTo('PATCH', '/handle/package-medicine/error/77')[0].body).toEqual({ error_reason: 'Recorded for the wrong resident' });
  });

  it('records an education’s teach-back with the understanding it showed', async () => {
    const { server } = serve('health', [dueRow({ kind: 'health', id: 6, record_id: 6, title: 'Fall prevention' })]);
    server.accept('POST', '/handle/health', handleHealthRequest);
    renderWithProviders(<CareHandlePage kind="health" />);
    await userEvent.click(within(await rowOf('Fall prevention')).getByRole('button', { name: 'Handle' }));
    const form = within(await screen.findByRole('dialog', { name: 'Handle: Mei Chen, Fall prevention' }));
    await userEvent.click(form.getByRole('combobox', { name: /Understanding/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Partly understood' }));
    await userEvent.type(form.getByLabelText(/Handling content/), 'Explained using the call bell, forgot the night light');
    const body = await saveAndRead(form, server, '/handle/health', handleHealthRequest);
    expect(body).toMatchObject({ record_id: 6, understanding: 1, content: 'Explained using the call bell, forgot the night light' });
  });

  it('speaks Chinese with the glossary’s terms', async () => {
    await i18next.changeLanguage('zh-TW');
    serve('package-medicine', [dueRow({ kind: 'package-medicine', id: 51, title: 'Aspirin 1 tablet', late: true })]);
    renderWithProviders(<CareHandlePage kind="package-medicine" />);
    expect(await screen.findByRole('heading', { name: '處理藥包' })).toBeTruthy();
    const row = await rowOf('Aspirin 1 tablet');
    expect(within(row).getByText('未處理')).toBeTruthy();
    expect(within(row).getByText('逾時')).toBeTruthy();
    expect(within(row).getByRole('button', { name: '未給藥' })).toBeTruthy();
  });

  it('leaves out the member and area pickers for a role that cannot list them', async () => {
    signInAs({
      router: Role.nursingAide,
      api: [
        { route: '/handle/schedule', method: 'GET' },
        { route: '/handle/schedule', method: 'POST' },
      ],
    });
    const server = mockApi();
    server.list('/handle/schedule', careDueRow, [dueRow({})]);
    renderWithProviders(<CareHandlePage kind="schedule" />);
    expect(await rowOf('Shower, assisted')).toBeTruthy();
    expect(screen.queryByRole('combobox', { name: 'Resident' })).toBeNull();
    expect(server.calls.every((c) => c.path === '/handle/schedule')).toBe(true);
  });
});
