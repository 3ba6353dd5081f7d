import dayjs, { type Dayjs } from 'dayjs';
import 'dayjs/locale/zh-tw';
import { fromUnix } from '@vigil/contracts';
import type { Locale } from '@vigil/contracts/rules';

/** dayjs names the Taiwanese locale in lower case. */
export function dayjsLocale(locale: Locale): string {
  return locale === 'zh-TW' ? 'zh-tw' : 'en';
}

const dateFormats: Record<Locale, { date: string; dateTime: string; long: string }> = {
  en: { date: 'YYYY-MM-DD', dateTime: 'YYYY-MM-DD HH:mm', long: 'dddd, D MMMM YYYY' },
  'zh-TW': { date: 'YYYY/MM/DD', dateTime: 'YYYY/MM/DD HH:mm', long: 'YYYY年M月D日 dddd' },
};

/** SPEC §3: the wire carries unix seconds; screens show dates in the reader's language. */
export function formatDate(value: number | Dayjs | null | undefined, locale: Locale, style: 'date' | 'dateTime' | 'long' = 'date'): string {
  if (value === null || value === undefined) return '';
  const d = typeof value === 'number' ? dayjs(fromUnix(value)) : value;
  return d.locale(dayjsLocale(locale)).format(dateFormats[locale][style]);
}

export function formatNumber(value: number | null | undefined, locale: Locale, options?: Intl.NumberFormatOptions): string {
  if (value === null || value === undefined || Number.isNaN(value)) return '-';
  return new Intl.NumberFormat(locale, options).format(value);
}
