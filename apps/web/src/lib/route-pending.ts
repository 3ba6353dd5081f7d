import { createContext, useContext } from 'react';

/**
 * True while a navigation waits for its page (a lazy chunk still loading): React keeps the old page
 * on screen during the transition, so the shell shows a progress bar and marks the content busy.
 */
export const RoutePendingContext = createContext(false);

export function useRoutePending(): boolean {
  return useContext(RoutePendingContext);
}
