import { useEffect } from 'react';
import { createStore, useStore } from './store.ts';

/**
 * Display names of the records named in the current path, by path segment ("15" → "王美玲"), so
 * the breadcrumbs read "Residents › Details › 王美玲" rather than the raw id. Pages publish the
 * name of the record they show once they have it; the entry goes when the page does.
 */
const names = createStore<ReadonlyMap<string, string>>(new Map());

export function useBreadcrumbName(segment: string | number | null | undefined, name: string | null | undefined): void {
  useEffect(() => {
    if (segment === null || segment === undefined || !name) return;
    const key = String(segment);
    names.set((prev) => new Map(prev).set(key, name));
    return () =>
      names.set((prev) => {
        if (prev.get(key) !== name) return prev;
        const next = new Map(prev);
        next.delete(key);
        return next;
      });
  }, [segment, name]);
}

export function useBreadcrumbNames(): ReadonlyMap<string, string> {
  return useStore(names);
}
