import type { TFunction } from 'i18next';
import {
  type CareHandleKind,
  type DeliveryOrderState,
  type DeviceType,
  type DoseOutcome,
  type MedicalState,
  type MemberChangeStatus,
  type StandardKind,
  TimelineKind,
  type TimelineEvent,
  careHandleKindLabelKey,
  deliveryOrderStateLabelKey,
  deviceTypeLabelKey,
  doseOutcomeLabelKey,
  medicalStateLabelKey,
  memberChangeStatusLabelKey,
  physiologicalKindLabelKey,
  physiologicalKindMeta,
  standardKindLabelKey,
  unitLabelKey,
} from '@vigil/contracts';
import { carePageOfResource, physiologicalKindOfCode } from './links.ts';

/** Kinds shown together under one filter chip. */
export const timelineGroups = {
  alerts: [TimelineKind.alertRaised, TimelineKind.alertEscalated, TimelineKind.alertAcknowledged, TimelineKind.alertHandled],
  care: [TimelineKind.careRecord, TimelineKind.careHandled],
  medication: [TimelineKind.dose, TimelineKind.doseLate, TimelineKind.delivery],
  changes: [TimelineKind.medicalState, TimelineKind.memberChange, TimelineKind.standardChange, TimelineKind.deviceBound, TimelineKind.deviceUnbound],
  handover: [TimelineKind.handoverItem],
  vitals: [TimelineKind.vitalSummary],
} as const satisfies Record<string, readonly TimelineKind[]>;
export type TimelineGroup = keyof typeof timelineGroups;
export const timelineGroupNames = Object.keys(timelineGroups) as TimelineGroup[];

export const groupOf = (kind: TimelineKind): TimelineGroup =>
  timelineGroupNames.find((g) => (timelineGroups[g] as readonly TimelineKind[]).includes(kind)) ?? 'changes';

/** What the event's own source says, in the user's words (the heading says which kind it is). */
export function eventDetail(t: TFunction, e: TimelineEvent, alertType: (type: number) => string): string {
  const code = e.code;
  const parts: (string | null)[] = [];
  switch (e.kind) {
    case TimelineKind.alertRaised:
    case TimelineKind.alertEscalated:
    case TimelineKind.alertAcknowledged:
    case TimelineKind.alertHandled:
      parts.push(code === null ? null : alertType(code), e.text);
      break;
    case TimelineKind.careRecord: {
      const page = carePageOfResource[e.resource];
      parts.push(page ? t(`page.${page}`) : null, e.text);
      break;
    }
    case TimelineKind.careHandled:
      parts.push(e.sub ? t(careHandleKindLabelKey[e.sub as CareHandleKind]) : null, e.text);
      break;
    case TimelineKind.dose:
      parts.push(code === null ? null : t(doseOutcomeLabelKey[code as DoseOutcome]), e.text);
      break;
    case TimelineKind.doseLate:
      parts.push(e.text);
      break;
    case TimelineKind.delivery:
      parts.push(code === null ? null : t(deliveryOrderStateLabelKey[code as DeliveryOrderState]), e.text);
      break;
    case TimelineKind.medicalState:
      parts.push(code === null ? null : t(medicalStateLabelKey[code as MedicalState]), e.text);
      break;
    case TimelineKind.memberChange:
      parts.push(code === null ? null : t(memberChangeStatusLabelKey[code as MemberChangeStatus]));
      break;
    case TimelineKind.standardChange:
      parts.push(code === null ? null : t(standardKindLabelKey[code as StandardKind]), e.text);
      break;
    case TimelineKind.deviceBound:
    case TimelineKind.deviceUnbound:
      parts.push(code === null ? null : t(deviceTypeLabelKey[code as DeviceType]), e.text);
      break;
    case TimelineKind.handoverItem:
      parts.push(e.text, code === 1 ? t('timeline.done') : null);
      break;
    case TimelineKind.vitalSummary: {
      const s = e.summary;
      const kind = s ? physiologicalKindOfCode(s.reading_kind) : undefined;
      if (!s || !kind) break;
      const unit = t(unitLabelKey[physiologicalKindMeta[kind].unit]);
      parts.push(
        t(physiologicalKindLabelKey[kind]),
        t('timeline.summary', { min: s.min ?? '-', max: s.max ?? '-', mean: s.mean ?? '-', unit, count: s.readings }),
        s.outside === null ? null : t('timeline.outside', { count: s.outside }),
      );
      break;
    }
  }
  return parts.filter((p): p is string => !!p).join(' · ');
}
