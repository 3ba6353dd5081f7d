import { type ReactNode, useLayoutEffect, useState, useTransition } from 'react';
import { Router, UNSAFE_createBrowserHistory as createBrowserHistory } from 'react-router';
import { RoutePendingContext } from '../lib/route-pending.ts';

/**
 * BrowserRouter, except that the location update runs in a transition this component owns, so its
 * isPending says when a navigation is waiting for a suspended page. React Router's own
 * BrowserRouter also uses a transition but keeps the pending state to itself; with declarative
 * routes (no data router) useNavigation() is not available either.
 */
export function PendingBrowserRouter({ children }: { children: ReactNode }) {
  const [history] = useState(() => createBrowserHistory({ window, v5Compat: true }));
  const [state, setState] = useState({ action: history.action, location: history.location });
  const [pending, startTransition] = useTransition();
  useLayoutEffect(() => history.listen((update) => startTransition(() => setState(update))), [history]);
  return (
    <RoutePendingContext.Provider value={pending}>
      <Router navigator={history} location={state.location} navigationType={state.action}>
        {children}
      </Router>
    </RoutePendingContext.Provider>
  );
}
