import { describe, expect, it } from 'vitest';
import { detectLocale } from './i18n.ts';
import { initialThemeMode } from './theme-mode.ts';

describe('language default', () => {
  it('reads Chinese in Taipei and Shanghai, English elsewhere, unless a locale is stored', () => {
    expect(detectLocale(null, 'Asia/Taipei')).toBe('zh-TW');
    expect(detectLocale(null, 'Asia/Shanghai')).toBe('zh-TW');
    expect(detectLocale(null, 'Europe/London')).toBe('en');
    expect(detectLocale(null, 'Asia/Tokyo')).toBe('en');
    expect(detectLocale('en', 'Asia/Taipei')).toBe('en');
    expect(detectLocale('zh-TW', 'America/New_York')).toBe('zh-TW');
    expect(detectLocale('fr', 'Asia/Taipei')).toBe('zh-TW');
  });
});

describe('theme default', () => {
  it('follows the stored choice, else the operating system', () => {
    expect(initialThemeMode('dark', false)).toBe('dark');
    expect(initialThemeMode('light', true)).toBe('light');
    expect(initialThemeMode(null, true)).toBe('dark');
    expect(initialThemeMode('nonsense', false)).toBe('light');
  });
});
