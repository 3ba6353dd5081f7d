import type { FastifyInstance } from 'fastify';
import {
  ABNORMAL_SNOOZE_EVENT,
  DELIVERY_ORDER_EVENT,
  abnormalSnoozeChange,
  type RealtimeAbnormal,
  RealtimeEvent,
  deliveryOrderEvent,
  realtimeRoomEvent,
} from '@vigil/contracts';
import type { DomainEvents } from '../events.ts';
import type { StaffNamespace } from './types.ts';
import { announced, parseAbnormalPayload, parseDeviceData, isUserChannel } from './payloads.ts';
import { abnormalTargets, actionTargets, deliveryTargets, liveTargets } from './rooms.ts';
import { alertDelivery, readingAcceptedAt } from '../metrics/registry.ts';

type Scoped = DomainEvents['abnormal'][0];

/** SPEC event name of an alert: staff or user channel, raised/updated or handled. */
export function abnormalEventName(payload: RealtimeAbnormal, handled: boolean): RealtimeEvent {
  if (isUserChannel(payload)) return handled ? RealtimeEvent.userAbnormalHandle : RealtimeEvent.userAbnormal;
  return handled ? RealtimeEvent.abnormalHandle : RealtimeEvent.abnormal;
}

/**
 * Forwards domain events to the staff sockets allowed to see them. Each event is validated once
 * and broadcast to rooms (never to the whole namespace), so scoping is decided by room membership
 * and one serialisation serves every recipient; with the Redis adapter the same call reaches the
 * sockets of every instance.
 */
export function startRelay(app: FastifyInstance, staff: StaffNamespace): { stop(): void } {
  let queue: Promise<void> = Promise.resolve();
  const deliver = (handled: boolean) => (event: Scoped) => {
    const payload = parseAbnormalPayload(event.payload);
    if (!payload) {
      app.log.error({ payload: event.payload }, 'realtime: abnormal payload failed validation; not sent');
      return;
    }
    if (!announced(payload, handled)) return;
    // In the order raised: each event waits for the one before it, so a handling never overtakes
    // the alert it closes while a rule set is being read.
    const alert = { orgId: event.org_id, areaId: event.area_id, type: payload.type };
    // Read now: the store belongs to the ingest call that raised the alert, not to the queue.
    const acceptedAt = handled ? undefined : readingAcceptedAt.getStore();
    queue = queue
      .then(() => actionTargets(app.database.db, alert))
      .then((rooms) => {
        staff.to(rooms).emit(abnormalEventName(payload, handled), payload);
        if (acceptedAt !== undefined) alertDelivery.observe((Date.now() - acceptedAt) / 1000);
      })
      .catch((err: unknown) => app.log.error({ err }, 'realtime: routing an alert failed; not sent'));
  };
  const onAbnormal = deliver(false);
  const onHandled = deliver(true);
  const onDeviceData = (event: DomainEvents['deviceData'][0]) => {
    const data = parseDeviceData(event.room, event.payload);
    if (!data) {
      app.log.warn({ room: event.room }, 'realtime: device data failed validation; not sent');
      return;
    }
    const name = realtimeRoomEvent[data.room];
    // SPEC names no live event for the diaper room: its alerts arrive through `abnormal`.
    if (!name) return;
    staff.to(liveTargets(data.room, event.org_id, event.area_id)).emit(name, data);
  };

  const onDeliveryOrder = (event: DomainEvents['deliveryOrder'][0]) => {
    const parsed = deliveryOrderEvent.safeParse(event.payload);
    if (!parsed.success) {
      app.log.error(
        { payload: event.payload },
        'realtime: delivery order payload failed validation; not sent',
      );
      return;
    }
    staff
      .to(deliveryTargets(event.org_id, event.area_id, event.pharmacy_org_id))
      .emit(DELIVERY_ORDER_EVENT, parsed.data);
  };

  const onSnooze = (event: DomainEvents['abnormalSnooze'][0]) => {
    const parsed = abnormalSnoozeChange.safeParse(event.payload);
    if (parsed.success)
      staff.to(abnormalTargets(event.org_id, event.area_id)).emit(ABNORMAL_SNOOZE_EVENT, parsed.data);
  };

  app.events.on('abnormal', onAbnormal);
  app.events.on('abnormalSnooze', onSnooze);
  app.events.on('deliveryOrder', onDeliveryOrder);
  app.events.on('abnormalHandled', onHandled);
  app.events.on('deviceData', onDeviceData);
  return {
    stop() {
      app.events.off('abnormal', onAbnormal);
      app.events.off('abnormalSnooze', onSnooze);
      app.events.off('deliveryOrder', onDeliveryOrder);
      app.events.off('abnormalHandled', onHandled);
      app.events.off('deviceData', onDeviceData);
    },
  };
}
