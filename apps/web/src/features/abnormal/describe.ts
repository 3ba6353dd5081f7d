import type { TFunction } from 'i18next';
import {
  type AbnormalCategory,
  type AbnormalListItem,
  type AbnormalType,
  type DeviceType,
  abnormalCategoryLabelKey,
  abnormalTypeLabelKey,
  deviceTypeLabelKey,
} from '@vigil/contracts';

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

/** "123 (standard 100) · 15 min": the detail values SPEC §3 lists, those present. */
export function detailText(t: TFunction, item: Pick<AbnormalListItem, 'detail'>): string {
  const d = item.detail;
  if (!d) return '';
  const parts: string[] = [];
  if (d.value !== undefined) parts.push(String(d.value));
  if (d.standard !== undefined) parts.push(t('abnormal.detail.standard', { value: d.standard }));
  if (d.minute !== undefined) parts.push(t('abnormal.detail.minutes', { count: d.minute }));
  return parts.join(' · ');
}
