import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { CHINESE_TIME_ZONES, LOCALE_STORAGE_KEY, type Locale, locales } from '@vigil/contracts/rules';
import { readItem, writeItem } from './storage.ts';
import { createStore } from './store.ts';

type Messages = Record<string, unknown>;

/**
 * Each language is its own chunk so a visitor downloads only the one they read. Before sign-in
 * only the `boot` slice (sign-in, validation and error texts) is needed; the shell raises the
 * level to `full` and every language loaded from then on comes whole.
 */
export type MessageLevel = 'boot' | 'full';

const loaders: Record<MessageLevel, Record<Locale, () => Promise<Messages>>> = {
  boot: {
    en: async () => ({ ...(await import('../locales/boot-en.ts')) }),
    'zh-TW': async () => ({ ...(await import('../locales/boot-zh-TW.ts')) }),
  },
  full: {
    en: async () => (await import('../locales/en.json')).default,
    'zh-TW': async () => (await import('../locales/zh-TW.json')).default,
  },
};

let level: MessageLevel = 'boot';
const loadedLevel = new Map<Locale, MessageLevel>();

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (locales as string[]).includes(value);
}

function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone ?? '';
  } catch {
    return '';
  }
}

/** SPEC §1: a stored locale wins; otherwise Taipei and Shanghai time zones read Chinese. */
export function detectLocale(stored: string | null = readItem(LOCALE_STORAGE_KEY), timeZone: string = browserTimeZone()): Locale {
  if (isLocale(stored)) return stored;
  return (CHINESE_TIME_ZONES as readonly string[]).includes(timeZone) ? 'zh-TW' : 'en';
}

/** The active language, observable without React (the shell's dayjs and the http client read it). */
export const localeStore = createStore<Locale>('en');

function applyDocumentLanguage(locale: Locale): void {
  if (typeof document !== 'undefined') document.documentElement.lang = locale;
}

async function ensureLoaded(locale: Locale): Promise<void> {
  const have = loadedLevel.get(locale);
  if (have === 'full' || have === level) return;
  const messages = await loaders[level][locale]();
  i18next.addResourceBundle(locale, 'translation', messages, true, true);
  loadedLevel.set(locale, level);
}

export async function initI18n(locale: Locale = detectLocale(), initialLevel: MessageLevel = 'boot'): Promise<typeof i18next> {
  level = initialLevel;
  if (!i18next.isInitialized) {
    await i18next.use(initReactI18next).init({
      lng: locale,
      // Both files hold the same keys (locales.test.ts), so no second language is ever needed.
      fallbackLng: false,
      resources: {},
      interpolation: { escapeValue: false },
      returnNull: false,
    });
  }
  await ensureLoaded(locale);
  await i18next.changeLanguage(locale);
  localeStore.set(locale);
  applyDocumentLanguage(locale);
  return i18next;
}

/** Load every message of the current language (the shell calls this before it renders). */
export async function loadAllMessages(): Promise<void> {
  level = 'full';
  await ensureLoaded(localeStore.get());
}

/**
 * Switch language and remember the choice (SPEC §1: stored under `locale`). The choice is stored
 * before the language's messages load: a user who picks 中文 and moves on (or reloads) before
 * they arrive still gets Chinese on the next page, as they asked.
 */
export async function changeLocale(locale: Locale): Promise<void> {
  writeItem(LOCALE_STORAGE_KEY, locale);
  await ensureLoaded(locale);
  await i18next.changeLanguage(locale);
  localeStore.set(locale);
  applyDocumentLanguage(locale);
}
