import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './http.ts';
import { sessionStore } from './session.ts';

declare module '@tanstack/react-query' {
  interface Register {
    mutationMeta: { globalLoading?: boolean };
  }
}

/** A server that answered has decided; only a lost connection is worth one more try. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  return error instanceof ApiError && error.status === 0 && failureCount < 1;
}

export const queryClient = new QueryClient({
  defaultOptions: {
    // SPEC §8: queries do not refetch on window focus.
    queries: { refetchOnWindowFocus: false, retry: shouldRetry, staleTime: 30_000 },
    mutations: { retry: false },
  },
});

// A signed-out (or expired) session must not leave one user's data in the cache for the next.
let lastToken = sessionStore.get().token;
sessionStore.subscribe(() => {
  const token = sessionStore.get().token;
  if (token !== lastToken && lastToken !== null) queryClient.clear();
  lastToken = token;
});
