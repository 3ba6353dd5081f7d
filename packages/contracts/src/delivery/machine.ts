import { DeliveryOrderState } from '../enums/care.ts';
import { DeliverySide } from '../enums/shift-work.ts';

/**
 * The medication delivery state machine (docs/delivery.md, drawn there): every allowed edge with
 * the side that takes it. The server enforces it (anything else is -8 and changes nothing) and the
 * console offers exactly these edges in its change-state action.
 */
export type DeliveryEdge = { from: DeliveryOrderState; to: DeliveryOrderState; side: DeliverySide };

const S = DeliveryOrderState;
const care = DeliverySide.care;
const pharmacy = DeliverySide.pharmacy;

export const deliveryEdges: readonly DeliveryEdge[] = [
  { from: S.submitted, to: S.receive, side: pharmacy },
  { from: S.submitted, to: S.repairOrSupplement, side: pharmacy },
  { from: S.submitted, to: S.reject, side: pharmacy },
  { from: S.submitted, to: S.giveUp, side: care },
  { from: S.repairOrSupplement, to: S.submitted, side: care },
  { from: S.repairOrSupplement, to: S.giveUp, side: care },
  { from: S.receive, to: S.processing, side: pharmacy },
  { from: S.receive, to: S.repairOrSupplement, side: pharmacy },
  { from: S.receive, to: S.reject, side: pharmacy },
  { from: S.receive, to: S.giveUp, side: care },
  { from: S.processing, to: S.arranged, side: pharmacy },
  { from: S.processing, to: S.repairOrSupplement, side: pharmacy },
  { from: S.processing, to: S.reject, side: pharmacy },
  { from: S.arranged, to: S.pickup, side: pharmacy },
  { from: S.pickup, to: S.finish, side: pharmacy },
];

/** Where an order starts: the care side submits it. */
export const deliveryInitialState = S.submitted;

/** States no edge leaves. */
export const deliveryFinalStates: ReadonlySet<DeliveryOrderState> = new Set([S.reject, S.giveUp, S.finish]);

/** States whose order the care side may still amend (PATCH): before the pharmacy takes it, or when asked to. */
export const deliveryEditableStates: ReadonlySet<DeliveryOrderState> = new Set([S.submitted, S.repairOrSupplement]);

/** The state in which the care side checks the lines received and the pharmacy answers queries. */
export const deliveryReceiptState = S.pickup;

/** Edges whose note is required: the other side must read why. */
export const deliveryNoteRequired: ReadonlySet<DeliveryOrderState> = new Set([S.reject, S.giveUp, S.repairOrSupplement]);

/** The edge from one state to another, if the machine has it. */
export function deliveryEdge(from: DeliveryOrderState, to: DeliveryOrderState): DeliveryEdge | undefined {
  return deliveryEdges.find((e) => e.from === from && e.to === to);
}

/** Whether `side` may move an order from `from` to `to`. Pure: guards on lines are the server's. */
export function canTransition(from: DeliveryOrderState, to: DeliveryOrderState, side: DeliverySide): boolean {
  return deliveryEdge(from, to)?.side === side;
}

/** The states `side` may move an order to from `from` (the change-state action's choices). */
export function nextDeliveryStates(from: DeliveryOrderState, side: DeliverySide): DeliveryOrderState[] {
  return deliveryEdges.filter((e) => e.from === from && e.side === side).map((e) => e.to);
}

