import {
  AbnormalType,
  Page,
  type PageKey,
  PhysiologicalKind,
  type RealtimeAbnormal,
  Resource,
  StandardKind,
  abnormalTypeMeta,
  isStaffRole,
  physiologicalKindMeta,
  rolePages,
  wearableDeviceModel,
} from '@vigil/contracts';
import { type Session, hasPermission, useSession } from '../../lib/session.ts';

const pageOfStandard: Record<StandardKind, PhysiologicalKind> = {
  [StandardKind.instantHeartRate]: PhysiologicalKind.heartRate,
  [StandardKind.staticHeartRate]: PhysiologicalKind.heartRate,
  [StandardKind.bodyTemperature]: PhysiologicalKind.bodyTemperature,
  [StandardKind.systolic]: PhysiologicalKind.bloodPressure,
  [StandardKind.diastolic]: PhysiologicalKind.bloodPressure,
  [StandardKind.sugarBeforeMeal]: PhysiologicalKind.bloodSugar,
  [StandardKind.sugarAfterMeal1h]: PhysiologicalKind.bloodSugar,
  [StandardKind.sugarAfterMeal2h]: PhysiologicalKind.bloodSugar,
  [StandardKind.fastingSugar]: PhysiologicalKind.bloodSugar,
  [StandardKind.sugarBeforeSleep]: PhysiologicalKind.bloodSugar,
  [StandardKind.cholesterol]: PhysiologicalKind.cholesterol,
  [StandardKind.uricAcid]: PhysiologicalKind.uricAcid,
  [StandardKind.oxygen]: PhysiologicalKind.bloodOxygen,
};

/** Types that name no standard but whose reading a vital page charts. */
const pageOfOtherType: Partial<Record<AbnormalType, PhysiologicalKind>> = {
  [AbnormalType.heartRateLow]: PhysiologicalKind.heartRate,
  [AbnormalType.heartRateHigh]: PhysiologicalKind.heartRate,
  [AbnormalType.temperatureHigh]: PhysiologicalKind.bodyTemperature,
  [AbnormalType.ecgAbnormal]: PhysiologicalKind.ecg,
  [AbnormalType.ecgAtrialFibrillation]: PhysiologicalKind.ecg,
  [AbnormalType.ecgTachycardia]: PhysiologicalKind.ecg,
  [AbnormalType.ecgBradycardia]: PhysiologicalKind.ecg,
  [AbnormalType.ecgPrematureBeat]: PhysiologicalKind.ecg,
  [AbnormalType.ecgUnreadable]: PhysiologicalKind.ecg,
  [AbnormalType.iotAtrialFibrillation]: PhysiologicalKind.ecg,
  [AbnormalType.heartIndexAlert]: PhysiologicalKind.heartVessel,
  [AbnormalType.vesselIndexAlert]: PhysiologicalKind.heartVessel,
};

export type AlertLink = { kind: 'vital' | 'wearable' | 'handle'; page: PageKey; to: string };

/**
 * Where the eye goes from an alert: the member's vital page of the reading that raised it, the
 * member's ECG records due for handling when an ECG raised it, and the member's watch page when a
 * wrist watch raised it. Room alerts (no member) link nowhere.
 */
export function alertLinks(item: Pick<RealtimeAbnormal, 'type' | 'source'>): AlertLink[] {
  const member = item.source.user;
  if (!member) return [];
  const links: AlertLink[] = [];
  const kind = abnormalTypeMeta[item.type as AbnormalType]?.standardKind;
  const vital = kind !== undefined && kind !== null ? pageOfStandard[kind] : pageOfOtherType[item.type as AbnormalType];
  if (vital) {
    const page = physiologicalKindMeta[vital].page;
    links.push({ kind: 'vital', page, to: `/${page}/${member.id}` });
    if (vital === PhysiologicalKind.ecg) links.push({ kind: 'handle', page, to: `/${page}/handle?user_id=${member.id}` });
  }
  const device = item.source.device;
  const model = device ? wearableDeviceModel[device.type as keyof typeof wearableDeviceModel] : undefined;
  if (model) {
    const page = `wearable-device-${model}` as PageKey;
    links.push({ kind: 'wearable', page, to: `/${page}/${member.id}/${model}` });
  }
  return links;
}

function canOpen(session: Session, link: AlertLink): boolean {
  const { page } = link;
  if (!isStaffRole(session.role) || !rolePages(session.role).includes(page) || !hasPermission(session, 'GET', Page[page].resource)) return false;
  return link.kind !== 'handle' || hasPermission(session, 'GET', Resource.handleEcg);
}

/** The alert's links the signed-in user may open. */
export function useAlertLinks(item: Pick<RealtimeAbnormal, 'type' | 'source'>): AlertLink[] {
  const session = useSession();
  return alertLinks(item).filter((link) => canOpen(session, link));
}
