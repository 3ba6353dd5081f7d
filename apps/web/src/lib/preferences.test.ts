import { describe, expect, it, onTestFinished, vi } from 'vitest';
import i18next from 'i18next';
import { jsonResponse, signInAs } from '../test/render.tsx';
import { request } from './http.ts';
import { changeLocale, detectLocale } from './i18n.ts';
import { clearSession, guestSession, sessionEndStore, sessionStore } from './session.ts';
import { initialThemeMode, setThemeMode, themeModeStore } from './theme-mode.ts';

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

describe('language choice', () => {
  it('is remembered as soon as it is made, before its messages have loaded', async () => {
    const switching = changeLocale('zh-TW');
    expect(detectLocale(undefined, 'Europe/London')).toBe('zh-TW');
    await switching;
    expect(i18next.language).toBe('zh-TW');
    await changeLocale('en');
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

describe('preferences outlive the session (SPEC §1 preferences, §3/§4 session state)', () => {
  for (const end of ['sign-out', 'session expiry (code -1)'] as const) {
    it(`keep language and theme across ${end}`, async () => {
      onTestFinished(() => {
        setThemeMode('light');
        vi.unstubAllGlobals();
      });
      await changeLocale('zh-TW');
      setThemeMode('dark');
      signInAs();
      if (end === 'sign-out') clearSession('logout');
      else {
        vi.stubGlobal('fetch', vi.fn(async () => jsonResponse(401, { code: -1, message: 'Token expired' })));
        await expect(request('/personal')).rejects.toMatchObject({ code: -1 });
        expect(sessionEndStore.get()).toBe('expired');
      }
      expect(sessionStore.get()).toEqual(guestSession);
      // What this page shows now…
      expect(i18next.language).toBe('zh-TW');
      expect(themeModeStore.get()).toBe('dark');
      // …and what the sign-in page reads after a reload.
      expect(detectLocale(undefined, 'Europe/London')).toBe('zh-TW');
      expect(initialThemeMode(undefined, false)).toBe('dark');
    });
  }
});
