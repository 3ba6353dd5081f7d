import type { TFunction } from 'i18next';
import {
  AbnormalType,
  type AbnormalCategory,
  type AbnormalListItem,
  type DeviceType,
  Unit,
  abnormalCategoryLabelKey,
  abnormalTypeLabelKey,
  abnormalTypeMeta,
  deviceTypeLabelKey,
  standardKindUnit,
  unitLabelKey,
} from '@vigil/contracts';
import type { Locale } from '@vigil/contracts/rules';

/** Texts of an abnormal row in the user's language; shared by the feed, the log, the detail and CSV. */
export function typeText(t: TFunction, type: number): string {
  return t(abnormalTypeLabelKey[type as AbnormalType] ?? 'abnormal.unknownType');
}

export function categoryText(t: TFunction, category: number): string {
  return t(abnormalCategoryLabelKey[category as AbnormalCategory] ?? 'abnormal.unknownType');
}

export function deviceText(t: TFunction, item: Pick<AbnormalListItem, 'source'>): string {
  const d = item.source.device;
  if (!d) return '';
  const kind = t(deviceTypeLabelKey[d.type as DeviceType] ?? 'abnormal.unknownType');
  return d.name ? `${kind} · ${d.name}` : kind;
}

/** Readings whose type names no member standard but still has a unit (bed sensor, old temperature type). */
const unitOfUnstandardType: Partial<Record<AbnormalType, Unit>> = {
  [AbnormalType.heartRateLow]: Unit.bpm,
  [AbnormalType.heartRateHigh]: Unit.bpm,
  [AbnormalType.temperatureHigh]: Unit.celsius,
};

/** The unit of the value an alert type reports, when it reports a measured value. */
export function unitOfType(type: number): Unit | null {
  const kind = abnormalTypeMeta[type as AbnormalType]?.standardKind;
  if (kind !== undefined && kind !== null) return standardKindUnit[kind];
  return unitOfUnstandardType[type as AbnormalType] ?? null;
}

/** "164 bpm · standard 150 bpm · 15 minutes": the detail values SPEC §3 lists, those present, with units. */
export function detailText(t: TFunction, item: Pick<AbnormalListItem, 'detail' | 'type'>): string {
  const d = item.detail;
  if (!d) return '';
  const unit = unitOfType(item.type);
  const withUnit = (v: string | number) => (unit && typeof v === 'number' ? `${v} ${t(unitLabelKey[unit])}` : String(v));
  const parts: string[] = [];
  if (d.value !== undefined) parts.push(withUnit(d.value));
  if (d.standard !== undefined) parts.push(t('abnormal.detail.standard', { value: withUnit(d.standard) }));
  if (d.minute !== undefined) parts.push(t('abnormal.detail.minutes', { count: d.minute }));
  return parts.join(' · ');
}

/** "Room 203 · Bed B · East wing": where to find the member (or the room device), those known. */
export function placeText(t: TFunction, item: Pick<AbnormalListItem, 'source'>): string {
  const { user, area } = item.source;
  const parts: string[] = [];
  if (user?.room) parts.push(t('abnormal.place.room', { room: user.room }));
  if (user?.bed) parts.push(t('abnormal.place.bed', { bed: user.bed }));
  if (area?.name) parts.push(area.name);
  return parts.join(' · ');
}

const RELATIVE_STEPS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
  ['day', Number.POSITIVE_INFINITY],
];

/** "3 min ago" / "3 分鐘前" for a unix-seconds time, in the reader's language. */
export function relativeTime(occurTime: number, locale: Locale, nowSeconds: number): string {
  let amount = occurTime - nowSeconds;
  const format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto', style: 'short' });
  for (const [unit, size] of RELATIVE_STEPS) {
    if (Math.abs(amount) < size) return format.format(Math.round(amount), unit);
    amount /= size;
  }
  return format.format(Math.round(amount), 'day');
}
