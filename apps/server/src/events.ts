import { EventEmitter } from 'node:events';

/**
 * In-process domain events: ingestion and the alert rules publish, the real-time channel
 * delivers. Payloads are plain API-shaped objects so the socket layer can forward them as they are.
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
};

export class DomainEventBus extends EventEmitter<DomainEvents> {}
