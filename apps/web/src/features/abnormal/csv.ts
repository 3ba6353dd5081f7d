import type { TFunction } from 'i18next';
import type { AbnormalListItem } from '@vigil/contracts';
import { csvDocument } from '../../lib/csv.ts';
import { formatDate } from '../../lib/format.ts';
import type { Locale } from '@vigil/contracts/rules';
import { categoryText, detailText, deviceText, typeText } from './describe.ts';

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
  return csvDocument([header, ...lines]);
}
