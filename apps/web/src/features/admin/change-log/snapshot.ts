import type { TFunction } from 'i18next';
import { type ChangeSnapshot, type Role, roleLabelKey } from '@vigil/contracts';

/**
 * A change-log snapshot in words: ids are shown by the names stored beside them (area_name for
 * area_id), codes by their labels, flags as enabled/disabled or yes/no.
 */
export function describeSnapshot(t: TFunction, snap: ChangeSnapshot): string {
  if (!snap) return '-';
  const parts: string[] = [];
  for (const [key, value] of Object.entries(snap)) {
    if (key.endsWith('_id') && `${key.slice(0, -3)}_name` in snap) continue;
    parts.push(describeValue(t, key, value));
  }
  return parts.join(', ') || '-';
}

function describeValue(t: TFunction, key: string, value: string | number | boolean | null): string {
  if (value === null) return t('admin.common.none');
  if (key === 'enable') return value ? t('admin.common.enabled') : t('admin.common.disabled');
  if (key === 'role' && typeof value === 'number') return t(roleLabelKey[value as Role] ?? String(value));
  if (typeof value === 'boolean') return value ? t('admin.common.yes') : t('admin.common.no');
  return String(value);
}
