import { describe, expect, it, onTestFinished } from 'vitest';
import { waitFor } from '@testing-library/react';
import { DeliveryOrderState, Resource, Role, deliveryOrderRow, type DeliveryOrderEvent, type DeliveryOrderRow } from '@vigil/contracts';
import { navBadges } from '../../lib/nav-badges.ts';
import { type Toast, setToastSink } from '../../lib/notify.ts';
import { mockApi } from '../../test/api-mock.ts';
import { renderWithProviders, signInAs } from '../../test/render.tsx';
import { realtime } from '../realtime/index.ts';
import { DELIVERY_PATH, DeliveryWatch } from './DeliveryWatch.tsx';

const order = (id: number, state: DeliveryOrderRow['state']): DeliveryOrderRow => ({
  id,
  order_no: `D${String(id).padStart(6, '0')}`,
  org_id: 2,
  org_name: 'Pine Care',
  area_id: 5,
  area_name: 'East wing',
  member_id: 10 + id,
  member_name: 'Mei Chen',
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
  line_count: 1,
  open_query_count: 0,
  created_by_name: 'Grace Lin',
  created_at: 1_767_225_600,
  updated_at: 1_767_225_600,
});

/** Plays the server: delivers a packet to the client's listeners as the socket would. */
function push(payload: DeliveryOrderEvent) {
  const listeners = (realtime as unknown as { listeners: Map<string, Set<(p: unknown) => void>> }).listeners.get('deliveryOrder');
  for (const l of listeners ?? []) l(payload);
}

describe('delivery watch', () => {
  it('counts the pharmacy’s waiting orders on the sidebar and announces the home’s new order, not the pharmacy’s own steps', async () => {
    signInAs({ router: Role.pharmacyStaff, api: [{ route: Resource.deliveryMedicine, method: 'GET' }] });
    const toasts: Toast[] = [];
    setToastSink((toast) => toasts.push(toast));
    onTestFinished(() => setToastSink(null));
    const server = mockApi();
    const served = server.list(Resource.deliveryMedicine, deliveryOrderRow, [order(1, DeliveryOrderState.submitted)]);
    renderWithProviders(<DeliveryWatch />);

    await waitFor(() => expect(navBadges.get()[DELIVERY_PATH]).toBe(1));
    expect(server.calls.find((c) => c.path === Resource.deliveryMedicine)?.query).toMatchObject({ waiting: '1' });

    // The home sends a second order: the feed says so and the badge counts it.
    served.push(order(2, DeliveryOrderState.submitted));
    push({ ...order(2, DeliveryOrderState.submitted), change: 'created', by_side: 'care' });
    await waitFor(() => expect(navBadges.get()[DELIVERY_PATH]).toBe(2));
    expect(toasts).toEqual([{ variant: 'info', key: 'delivery.feed.created', params: { no: 'D000002', name: 'Mei Chen', state: 'Submitted' } }]);

    // A colleague at the pharmacy takes it on: the list refreshes, but nobody is told of their own side's step.
    push({ ...order(2, DeliveryOrderState.receive), change: 'state', by_side: 'pharmacy' });
    await waitFor(() => expect(server.calls.filter((c) => c.path === Resource.deliveryMedicine)).toHaveLength(3));
    expect(toasts).toHaveLength(1);
  });

  it('tells the care home each state the pharmacy moves its order to', async () => {
    signInAs({ router: Role.orgStaff, api: [{ route: Resource.deliveryMedicine, method: 'GET' }] });
    const toasts: Toast[] = [];
    setToastSink((toast) => toasts.push(toast));
    onTestFinished(() => setToastSink(null));
    const server = mockApi();
    server.list(Resource.deliveryMedicine, deliveryOrderRow, []);
    renderWithProviders(<DeliveryWatch />);
    await waitFor(() => expect(server.calls).toHaveLength(1));

    push({ ...order(3, DeliveryOrderState.processing), change: 'state', by_side: 'pharmacy' });
    push({ ...order(3, DeliveryOrderState.pickup), open_query_count: 0, change: 'reply', by_side: 'pharmacy' });
    await waitFor(() => expect(toasts.map((t) => t.key)).toEqual(['delivery.feed.state', 'delivery.feed.replied']));
    expect(toasts[0].params).toMatchObject({ no: 'D000003', state: 'Processing' });
  });
});
