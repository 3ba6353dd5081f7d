import { labelKeys } from './label-key.ts';

/**
 * Delivery order line, the care side's receipt check (docs/delivery.md): unchecked until the bag
 * arrives; received when the count matches; query when it does not (the pharmacy answers); resolved
 * when the home accepts a difference.
 */
export const DeliveryLineState = { unchecked: 0, received: 1, query: 2, resolved: 3 } as const;
export type DeliveryLineState = (typeof DeliveryLineState)[keyof typeof DeliveryLineState];
export const deliveryLineStateLabelKey = labelKeys('deliveryLineState', DeliveryLineState);

/** Which organisation takes a delivery transition: the ordering care home or the pharmacy. */
export const DeliverySide = { care: 'care', pharmacy: 'pharmacy' } as const;
export type DeliverySide = (typeof DeliverySide)[keyof typeof DeliverySide];
export const deliverySideLabelKey = labelKeys('deliverySide', DeliverySide);

/** The three eight-hour shifts of a Taiwanese care home (docs/handover.md). */
export const Shift = { day: 0, evening: 1, night: 2 } as const;
export type Shift = (typeof Shift)[keyof typeof Shift];
export const shiftLabelKey = labelKeys('shift', Shift);

/** Work log entry category (docs/handover.md). */
export const WorkLogCategory = {
  care: 0,
  medication: 1,
  observation: 2,
  incident: 3,
  communication: 4,
  environment: 5,
  other: 6,
} as const;
export type WorkLogCategory = (typeof WorkLogCategory)[keyof typeof WorkLogCategory];
export const workLogCategoryLabelKey = labelKeys('workLogCategory', WorkLogCategory);

/** I-PASS illness severity of a member at handover; higher is sicker, listed first. */
export const IllnessSeverity = { stable: 0, watcher: 1, unstable: 2 } as const;
export type IllnessSeverity = (typeof IllnessSeverity)[keyof typeof IllnessSeverity];
export const illnessSeverityLabelKey = labelKeys('illnessSeverity', IllnessSeverity);

/** Handover state: the giver drafts and signs off, the receiver accepts (only then is it closed). */
export const HandoverState = { draft: 0, signed: 1, accepted: 2 } as const;
export type HandoverState = (typeof HandoverState)[keyof typeof HandoverState];
export const handoverStateLabelKey = labelKeys('handoverState', HandoverState);

/** What a generated handover item reports; each links to its source record. */
export const HandoverItemKind = {
  alertOpen: 'alert_open',
  alertHandled: 'alert_handled',
  doseLate: 'dose_late',
  doseMissed: 'dose_missed',
  doseRefused: 'dose_refused',
  prnGiven: 'prn_given',
  careDue: 'care_due',
  careOverdue: 'care_overdue',
  deliveryOpen: 'delivery_open',
  medicalState: 'medical_state',
  painRose: 'pain_rose',
  notableReading: 'notable_reading',
} as const;
export type HandoverItemKind = (typeof HandoverItemKind)[keyof typeof HandoverItemKind];
export const handoverItemKindLabelKey = labelKeys('handoverItemKind', HandoverItemKind);
