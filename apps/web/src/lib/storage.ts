/**
 * localStorage access that never throws: private browsing, disabled storage or a full quota must
 * not break sign-in, so failures degrade to "nothing stored".
 */
export const StorageKey = {
  session: 'session',
  /** When the server last counted the session as used (lib/idle.ts); removed with the session. */
  activity: 'session-activity',
  locale: 'locale',
  theme: 'theme',
} as const;

export function readItem(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeItem(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    /* storage unavailable: the value lives for this page only */
  }
}

export function removeItem(key: string): void {
  try {
    window.localStorage.removeItem(key);
  } catch {
    /* storage unavailable: nothing was stored */
  }
}

export function readJson<T>(key: string): T | null {
  const raw = readItem(key);
  if (raw === null) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
}
