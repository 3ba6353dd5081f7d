import { createStore, useStore } from './store.ts';

/** Count of operations that block the whole console (logout, uploads); the overlay shows while > 0. */
const pending = createStore(0);

export async function withGlobalLoading<T>(work: Promise<T>): Promise<T> {
  pending.set((n) => n + 1);
  try {
    return await work;
  } finally {
    pending.set((n) => n - 1);
  }
}

export function useGlobalLoadingCount(): number {
  return useStore(pending);
}
