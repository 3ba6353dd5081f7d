import type { TFunction } from 'i18next';
import type { AbnormalListItem } from '@vigil/contracts';
import { formatDate } from '../../lib/format.ts';
import type { Locale } from '@vigil/contracts/rules';
import { categoryText, detailText, deviceText, typeText } from './describe.ts';

/** RFC 4180 field: quoted when it holds a separator, quote or line break. */
function field(value: string): string {
  // A leading = + - @ would run as a formula in a spreadsheet; a quote mark keeps it text.
  const safe = /^[=+\-@]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/**
 * The abnormal log as CSV in the user's language: translated headers, type and category names,
 * local date-times. Starts with a byte-order mark so Excel opens UTF-8 Chinese correctly.
 */
export function abnormalCsv(rows: readonly AbnormalListItem[], t: TFunction, locale: Locale, memberLabel: string): string {
  const header = [
    t('abnormal.field.id'),
    t('abnormal.field.occurTime'),
    t('abnormal.field.type'),
    t('abnormal.field.category'),
    memberLabel,
    t('abnormal.field.area'),
    t('abnormal.field.device'),
    t('abnormal.field.detail'),
    t('abnormal.field.state'),
    t('abnormal.field.follow'),
    t('abnormal.handle.content'),
    t('abnormal.field.handledBy'),
    t('abnormal.field.handleTime'),
    t('abnormal.handle.remark'),
  ];
  const lines = rows.map((r) => [
    String(r.id),
    formatDate(r.occur_time, locale, 'dateTime'),
    typeText(t, r.type),
    categoryText(t, r.category),
    r.source.user?.name ?? '',
    r.source.area?.name ?? '',
    deviceText(t, r),
    detailText(t, r),
    t(r.is_handle ? 'abnormal.state.handled' : 'abnormal.state.open'),
    t(r.is_follow ? 'abnormal.followed' : 'abnormal.notFollowed'),
    r.handle?.content ?? '',
    r.handle?.staff_name ?? '',
    r.handle ? formatDate(r.handle.handle_time, locale, 'dateTime') : '',
    r.handle?.remark ?? '',
  ]);
  return '\uFEFF' + [header, ...lines].map((cells) => cells.map(field).join(',')).join('\r\n') + '\r\n';
}

export function downloadText(filename: string, text: string, type = 'text/csv;charset=utf-8'): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.appendChild(a);
  a.click();
  a.remove();
  URL.revokeObjectURL(url);
}
