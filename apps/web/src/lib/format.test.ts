import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import { formatDate, formatNumber } from './format.ts';

describe('formatting for the language', () => {
  it('formats dates from unix seconds', () => {
    const seconds = dayjs('2025-03-04T09:05:00').unix();
    expect(formatDate(seconds, 'en', 'dateTime')).toBe('2025-03-04 09:05');
    expect(formatDate(seconds, 'zh-TW', 'dateTime')).toBe('2025/03/04 09:05');
    expect(formatDate(seconds, 'zh-TW', 'long')).toBe('2025年3月4日 星期二');
    expect(formatDate(seconds, 'en', 'long')).toBe('Tuesday, 4 March 2025');
  });

  it('formats numbers with Intl and shows "-" when missing', () => {
    expect(formatNumber(12345.6, 'en')).toBe('12,345.6');
    expect(formatNumber(null, 'en')).toBe('-');
    expect(formatNumber(98.25, 'zh-TW', { maximumFractionDigits: 1 })).toBe('98.3');
  });
});
