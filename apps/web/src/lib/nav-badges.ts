import { createStore, useStore } from './store.ts';

/**
 * Counts shown beside sidebar items, by path: what waits for the reader on that page (a pharmacy's
 * new delivery orders). The feature that knows the count sets it; the sidebar only shows it.
 */
export const navBadges = createStore<Readonly<Record<string, number>>>({});

export function setNavBadge(path: string, count: number): void {
  navBadges.set((prev) => (prev[path] === count ? prev : { ...prev, [path]: count }));
}

export function useNavBadge(path: string): number {
  return useStore(navBadges)[path] ?? 0;
}
