import type { TFunction } from 'i18next';
import {
  AbnormalType,
  abnormalCategoryLabelKey,
  abnormalTypeLabelKey,
  abnormalTypeMeta,
  deviceTypeLabelKey,
  standardKindUnit,
  unitLabelKey,
  type AbnormalCategory,
  type AbnormalListItem,
  type DeviceType,
  Unit,
} from '@vigil/contracts';
import { localDateTime, type ExportColumn } from '../resources/export/columns.ts';

/** Alert types whose reading names no member standard but still has a unit (as the console shows them). */
const unitOfUnstandardType: Partial<Record<AbnormalType, Unit>> = {
  [AbnormalType.heartRateLow]: Unit.bpm,
  [AbnormalType.heartRateHigh]: Unit.bpm,
  [AbnormalType.temperatureHigh]: Unit.celsius,
};

function unitOfType(type: number): Unit | null {
  const kind = abnormalTypeMeta[type as AbnormalType]?.standardKind;
  if (kind !== undefined && kind !== null) return standardKindUnit[kind];
  return unitOfUnstandardType[type as AbnormalType] ?? null;
}

/** "164 bpm · standard 150 bpm · 15 minutes": the reading, standard and duration present, with units. */
function readingText(t: TFunction, item: AbnormalListItem): string | null {
  const d = item.detail;
  if (!d) return null;
  const unit = unitOfType(item.type);
  const withUnit = (v: string | number) => (unit && typeof v === 'number' ? `${v} ${t(unitLabelKey[unit])}` : String(v));
  const parts: string[] = [];
  if (d.value !== undefined) parts.push(withUnit(d.value));
  if (d.standard !== undefined) parts.push(t('abnormal.detail.standard', { value: withUnit(d.standard) }));
  if (d.minute !== undefined) parts.push(t('abnormal.detail.minutes', { count: d.minute }));
  return parts.join(' · ') || null;
}

function deviceText(t: TFunction, item: AbnormalListItem): string | null {
  const d = item.source.device;
  if (!d) return null;
  const kind = t(deviceTypeLabelKey[d.type as DeviceType] ?? 'abnormal.unknownType');
  return d.name ? `${kind} · ${d.name}` : kind;
}

/** The abnormal log's export: the columns of the console's log, types and states in the user's language. */
export const abnormalExportColumns: readonly ExportColumn<AbnormalListItem>[] = [
  { header: 'abnormal.field.id', value: (r) => r.id },
  { header: 'abnormal.field.occurTime', value: (r) => localDateTime(r.occur_time) },
  { header: 'abnormal.field.type', value: (r, t) => t(abnormalTypeLabelKey[r.type as AbnormalType] ?? 'abnormal.unknownType') },
  { header: 'abnormal.field.category', value: (r, t) => t(abnormalCategoryLabelKey[r.category as AbnormalCategory] ?? 'abnormal.unknownType') },
  { header: 'export.member', value: (r) => r.source.user?.name ?? null },
  { header: 'abnormal.field.area', value: (r) => r.source.area?.name ?? null },
  { header: 'abnormal.field.device', value: (r, t) => deviceText(t, r) },
  { header: 'abnormal.field.detail', value: (r, t) => readingText(t, r) },
  { header: 'abnormal.field.state', value: (r, t) => t(r.is_handle ? 'abnormal.state.handled' : 'abnormal.state.open') },
  { header: 'abnormal.field.follow', value: (r, t) => t(r.is_follow ? 'abnormal.followed' : 'abnormal.notFollowed') },
  { header: 'abnormal.handle.content', value: (r) => r.handle?.content ?? null },
  { header: 'abnormal.field.handledBy', value: (r) => r.handle?.staff_name ?? null },
  { header: 'abnormal.field.handleTime', value: (r) => localDateTime(r.handle?.handle_time) },
  { header: 'abnormal.handle.remark', value: (r) => r.handle?.remark ?? null },
];
