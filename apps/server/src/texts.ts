import { readFileSync } from 'node:fs';
import i18next, { type TFunction, type i18n } from 'i18next';

export const languages = ['en', 'zh-TW'] as const;
export type Language = (typeof languages)[number];

/**
 * The console's locale files are the one home of every user-visible text (enum labels included,
 * written there by scripts/write-enum-labels.mjs); files the server makes (exports) read the same
 * texts. They are read as data, like the web build: this module sits one folder below apps/server
 * both as source (src/) and bundled (dist/main.js), so the same relative path finds them.
 */
const localeFile = (language: Language) => new URL(`../../web/src/locales/${language}.json`, import.meta.url);

let texts: i18n | undefined;
function loaded(): i18n {
  if (texts) return texts;
  const instance = i18next.createInstance();
  // Synchronous with inline resources: ready when init returns.
  void instance.init({
    initImmediate: false,
    resources: Object.fromEntries(languages.map((l) => [l, { translation: JSON.parse(readFileSync(localeFile(l), 'utf8')) as object }])),
    lng: 'en',
    fallbackLng: 'en',
    interpolation: { escapeValue: false },
  });
  texts = instance;
  return instance;
}

/** The text function of one language (plurals and {{values}} as the console has them). */
export function textsOf(language: Language): TFunction {
  return loaded().getFixedT(language);
}

/** The language a request asks for: `zh-TW` for any Chinese Accept-Language, else English. */
export function languageOf(acceptLanguage: string | undefined): Language {
  return /^\s*zh/i.test(acceptLanguage ?? '') ? 'zh-TW' : 'en';
}
