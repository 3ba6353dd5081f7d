import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  DELIVERY_ORDER_EVENT,
  DeliveryChange,
  Resource,
  deliveryOrderEvent,
  deliveryOrderResource,
  deliveryOrderStateLabelKey,
  type DeliveryOrderEvent,
} from '@vigil/contracts';
import { useTranslation } from 'react-i18next';
import { request } from '../../lib/http.ts';
import { setNavBadge } from '../../lib/nav-badges.ts';
import { notify } from '../../lib/notify.ts';
import { usePermission, useSession } from '../../lib/session.ts';
import { realtime } from '../realtime/index.ts';
import { sideOfRole } from './order-form.ts';

/** Where the medication delivery page sits in the sidebar: its badge counts the orders waiting. */
export const DELIVERY_PATH = '/medication-delivery';

/** The query key of the waiting count: under the resource, so every delivery write and event refreshes it. */
const waitingKey = [Resource.deliveryMedicine, 'waiting'] as const;

/**
 * The console-wide side of medication delivery (docs/delivery.md, Live), mounted by the shell for
 * everyone who may read orders: each `deliveryOrder` event refreshes the open lists and the sidebar
 * badge of orders waiting for the reader's side, and the other side's steps arrive as a feed entry
 * (a toast) on whatever page the reader is.
 */
export function DeliveryWatch() {
  const allowed = usePermission('GET', Resource.deliveryMedicine);
  return allowed ? <Watching /> : null;
}

/** How many orders wait for the reader's side (the sidebar badge; the page repeats it for phones, where the sidebar is folded away). */
export function useDeliveryWaiting(): number {
  const waiting = useQuery({
    queryKey: waitingKey,
    queryFn: ({ signal }) =>
      request(deliveryOrderResource.path, { query: { waiting: 1, per_page: 1 }, schema: deliveryOrderResource.page, signal, silent: true }),
    select: (page) => page.total,
  });
  return waiting.data ?? 0;
}

function Watching() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const side = sideOfRole(useSession().role);
  const count = useDeliveryWaiting();

  useEffect(() => {
    setNavBadge(DELIVERY_PATH, count);
    return () => setNavBadge(DELIVERY_PATH, 0);
  }, [count]);

  useEffect(
    () =>
      realtime.on(DELIVERY_ORDER_EVENT, deliveryOrderEvent, (event) => {
        void client.invalidateQueries({ queryKey: [Resource.deliveryMedicine] });
        if (event.by_side === side) return;
        notify({ variant: 'info', key: feedKey(event), params: { no: event.order_no, name: event.member_name, state: t(deliveryOrderStateLabelKey[event.state]) } });
      }),
    [client, side, t],
  );
  return null;
}

/** The feed entry's wording: what the other side just did to the order. */
function feedKey(event: DeliveryOrderEvent): string {
  switch (event.change) {
    case DeliveryChange.created:
      return 'delivery.feed.created';
    case DeliveryChange.amended:
      return 'delivery.feed.amended';
    case DeliveryChange.receipt:
      return event.open_query_count > 0 ? 'delivery.feed.queried' : 'delivery.feed.checked';
    case DeliveryChange.reply:
      return 'delivery.feed.replied';
    default:
      return 'delivery.feed.state';
  }
}
