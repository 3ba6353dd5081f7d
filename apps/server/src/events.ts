import { EventEmitter } from 'node:events';

/**
 * In-process domain events, one bus per app (`app.events`). Ingestion and the alert rules publish
 * what staff must hear, and the real-time channel delivers it: those payloads are plain API-shaped
 * objects so the socket layer can forward them as they are. The writes that change devices and
 * bindings publish that they did, and the caches built from those rows (the ingestion directory)
 * drop their copies on hearing it: a write never needs to know which caches exist.
 */
export type DomainEvents = {
  /** A new or updated abnormal event (SPEC `abnormal`), already scoped by org_id / area_id. */
  abnormal: [event: { org_id: number; area_id: number | null; member_id: number | null; payload: unknown }];
  /** An abnormal event was handled (SPEC `abnoramlHandle`). */
  abnormalHandled: [event: { org_id: number; area_id: number | null; member_id: number | null; payload: unknown }];
  /** A snooze was set or ended (`abnormalSnooze`): consoles in scope re-read the snoozes. */
  abnormalSnooze: [event: { org_id: number; area_id: number | null; member_id: number; payload: unknown }];
  /** A medication delivery order was created or changed: both organisations hear of it. */
  deliveryOrder: [event: { org_id: number; area_id: number | null; pharmacy_org_id: number; payload: unknown }];
  /** Live device data for a SPEC real-time room (sleep, space, air, watch, device_bind, chylyng, diaper). */
  deviceData: [event: { org_id: number; area_id: number | null; room: string; payload: unknown }];
  /** A device was registered, edited, deleted, given a new key or new settings. */
  deviceChanged: [event: { deviceId: number }];
  /**
   * A binding began or ended (a device bound or unbound; a member moved away or removed), or a bound
   * member's safe zone changed: readings are filed, and located, by the binding in force.
   */
  bindingChanged: [event: { deviceId: number | null; memberId: number | null }];
};

export class DomainEventBus extends EventEmitter<DomainEvents> {}
