import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DeliveryOrderState, Resource, Role, areaRow, deliveryOrderCreate, deliveryOrderRow, deliveryStateChange, medicineRow, memberRow, type DeliveryOrderRow } from '@vigil/contracts';
import { ok } from '../../test/api-mock.ts';
import { mockApi } from '../../test/api-mock.ts';
import { renderWithProviders, signInAs } from '../../test/render.tsx';
import DeliveryPage from './DeliveryPage.tsx';

const order = (id: number, state: DeliveryOrderRow['state'], member: string): DeliveryOrderRow => ({
  id,
  order_no: `D${String(id).padStart(6, '0')}`,
  org_id: 2,
  org_name: 'Pine Care',
  area_id: 5,
  area_name: 'East wing',
  member_id: 10 + id,
  member_name: member,
  pharmacy_org_id: 3,
  pharmacy_org_name: 'Renai Pharmacy',
  pharmacy_area_id: 8,
  pharmacy_area_name: 'Delivery desk',
  type: 0,
  state,
  requested_date: 1_767_225_600,
  repeat_days: null,
  previous_id: null,
  photos: [],
  remark: null,
  line_count: 2,
  open_query_count: 0,
  created_by_name: 'Grace Lin',
  created_at: 1_767_225_600,
  updated_at: 1_767_225_600,
});
const base = `${Resource.deliveryMedicine}`;
const api = (...extra: { route: string; method: 'GET' | 'POST' | 'PUT' | 'PATCH' }[]) => [
  { route: base, method: 'GET' as const },
  { route: `${base}/{id}`, method: 'GET' as const },
  { route: `${base}/state/{id}`, method: 'PATCH' as const },
  ...extra,
];

describe('medication delivery page', () => {
  it('shows the pharmacy the ordering home, and offers only the pharmacy’s next states', async () => {
    signInAs({ router: Role.pharmacyStaff, api: api() });
    const server = mockApi();
    server.list(base, deliveryOrderRow, [order(1, DeliveryOrderState.submitted, 'Mei Chen'), order(2, DeliveryOrderState.processing, 'Wei Lin')]);
    server.accept('PATCH', `${base}/state/{id}`, deliveryStateChange);
    renderWithProviders(<DeliveryPage />);

    const table = within(await screen.findByRole('table', { name: 'Medication delivery' }));
    const row = (await table.findByRole('cell', { name: 'Mei Chen' })).closest('tr')!;
    expect(within(row).getByRole('cell', { name: 'Pine Care East wing' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'New order' })).toBeNull();

    await userEvent.click(within(row).getByRole('button', { name: 'Change state' }));
    const form = within(await screen.findByRole('dialog', { name: 'Change the state of D000001' }));
    await userEvent.click(form.getByRole('combobox', { name: /New state/ }));
    const offered = screen.getAllByRole('option').map((o) => o.textContent);
    expect(offered).toEqual(['Received', 'Repair or supplement', 'Rejected']);
    await userEvent.click(screen.getByRole('option', { name: 'Received' }));
    await userEvent.click(form.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(server.callsTo('PATCH', `${base}/state/1`).map((c) => c.body)).toEqual([{ state: DeliveryOrderState.receive, note: '' }]));
  });

  it('lets the care home order for a member from a related pharmacy with a body the server accepts', async () => {
    signInAs({ router: Role.orgStaff, api: api({ route: base, method: 'POST' }, { route: Resource.medicine, method: 'GET' }) });
    const server = mockApi();
    server.list(base, deliveryOrderRow, []);
    server.list(Resource.user, memberRow, [
      {
        id: 11, org_id: 2, org_name: 'Pine Care', area_id: 5, area_name: 'East wing', name: 'Mei Chen', gender: 0, birthday: null, id_number: null,
        phone: null, room: '101', bed: '1', medical_state: 8, emergency_contact: null, emergency_phone: null, enable: true, is_follow: false,
        removed_at: null, remark: null, created_at: 1_767_225_600, updated_at: 1_767_225_600,
      },
    ]);
    server.list(Resource.areaPharmacy, areaRow, [
      { id: 8, org_id: 3, org_name: 'Renai Pharmacy', name: 'Delivery desk', remark: null, enable: true, created_at: 1_767_225_600, updated_at: 1_767_225_600 },
    ]);
    server.list(Resource.medicine, medicineRow, [
      {
        id: 31, org_id: 2, org_name: 'Pine Care', name: 'Amlodipine', generic_name: null, strength: '5 mg', form: 0, unit: 'tablet', medication_type: 0,
        controlled_level: 0, time_critical: false, enable: true, remark: null, created_at: 1_767_225_600, updated_at: 1_767_225_600,
      },
    ]);
    server.accept('POST', base, deliveryOrderCreate);
    renderWithProviders(<DeliveryPage />);

    await userEvent.click(await screen.findByRole('button', { name: 'New order' }));
    const form = within(await screen.findByRole('dialog', { name: 'New order' }));
    // Member, pharmacy and catalogue medicine are found by typing part of their names.
    await userEvent.type(form.getByRole('combobox', { name: /Member/ }), 'mei');
    await userEvent.click(await screen.findByRole('option', { name: 'Mei Chen' }));
    await userEvent.type(form.getByRole('combobox', { name: /Pharmacy/ }), 'renai');
    await userEvent.click(await screen.findByRole('option', { name: 'Renai Pharmacy Delivery desk' }));
    await userEvent.type(form.getByRole('textbox', { name: /Medicine 1/ }), 'Metformin 500 mg');
    await userEvent.type(form.getAllByLabelText(/Quantity/)[0], '56');
    await userEvent.type(form.getAllByLabelText(/Unit/)[0], 'tablet');
    // The second line comes from the home's catalogue: its name and unit need no typing.
    await userEvent.type(form.getByRole('combobox', { name: /Medicine 2 from the catalogue/ }), 'amlo');
    await userEvent.click(await screen.findByRole('option', { name: 'Amlodipine 5 mg' }));
    await userEvent.type(form.getAllByLabelText(/Quantity/)[1], '28');
    await userEvent.click(form.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(server.callsTo('POST', base)).toHaveLength(1));
    const body = deliveryOrderCreate.parse(server.callsTo('POST', base)[0].body);
    expect(body).toMatchObject({
      member_id: 11,
      pharmacy_area_id: 8,
      type: 0,
      lines: [
        { medicine_id: null, medicine_name: 'Metformin 500 mg', quantity: 56, unit: 'tablet' },
        { medicine_id: 31, medicine_name: 'Amlodipine', quantity: 28, unit: 'tablet' },
      ],
    });
  });

  it('offers the care home the next order of a repeat prescription that has come due, in one step', async () => {
    signInAs({ router: Role.orgStaff, api: api({ route: `${base}/repeat`, method: 'GET' }, { route: `${base}/repeat/{id}`, method: 'POST' }) });
    const server = mockApi();
    const finished = { ...order(4, DeliveryOrderState.finish, 'Mei Chen'), type: 1 as const, repeat_days: 28 };
    const served = server.list(base, deliveryOrderRow, [finished]);
    server.list(Resource.user, memberRow, []);
    server.list(Resource.areaPharmacy, areaRow, []);
    let due = [{ order: finished, next_date: 1_769_644_800 }];
    server.on('GET', `${base}/repeat`, () => ok(due));
    server.on('POST', `${base}/repeat/{id}`, () => {
      const next = { ...finished, id: 5, order_no: 'D000005', state: DeliveryOrderState.submitted, previous_id: 4 };
      served.push(next);
      due = [];
      server.on('GET', `${base}/5`, ok({ ...next, lines: [], history: [] }));
      return ok({ ...next, lines: [], history: [] });
    });
    renderWithProviders(<DeliveryPage />);

    const offer = within(await screen.findByTestId('repeat-offer'));
    expect(offer.getByText(/D000004 · Mei Chen: every 28 days/)).toBeTruthy();
    await userEvent.click(offer.getByRole('button', { name: 'Order next' }));
    await waitFor(() => expect(server.callsTo('POST', `${base}/repeat/4`)).toHaveLength(1));
    // The new order opens, and the offer is gone once taken.
    expect(await screen.findByRole('dialog', { name: /D000005/ })).toBeTruthy();
    await waitFor(() => expect(screen.queryByTestId('repeat-offer')).toBeNull());
  });
});
