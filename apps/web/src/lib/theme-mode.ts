import { StorageKey, readItem, writeItem } from './storage.ts';
import { createStore, useStore } from './store.ts';

export type ThemeMode = 'light' | 'dark';

function systemPrefersDark(): boolean {
  try {
    return window.matchMedia('(prefers-color-scheme: dark)').matches;
  } catch {
    return false;
  }
}

/** A stored choice wins; otherwise the operating system's preference (issue 3 §7). */
export function initialThemeMode(stored: string | null = readItem(StorageKey.theme), prefersDark = systemPrefersDark()): ThemeMode {
  if (stored === 'light' || stored === 'dark') return stored;
  return prefersDark ? 'dark' : 'light';
}

export const themeModeStore = createStore<ThemeMode>(initialThemeMode());

export function setThemeMode(mode: ThemeMode): void {
  writeItem(StorageKey.theme, mode);
  themeModeStore.set(mode);
}

export function toggleThemeMode(): void {
  setThemeMode(themeModeStore.get() === 'dark' ? 'light' : 'dark');
}

export function useThemeMode(): ThemeMode {
  return useStore(themeModeStore);
}
