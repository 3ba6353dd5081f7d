import { useCallback, useState } from 'react';

/**
 * Local edits of data the server sent (a permission set, a sidebar tree, a member's standards): the
 * draft starts from `init(source)` and starts over whenever a new `source` arrives (loaded,
 * refetched, another record). While nothing is loaded the last draft stays, or `empty` before the
 * first. The draft starts over during render, as React advises for state that follows a prop, so
 * the page never paints the stale draft first as it would if an effect reset it.
 */
export function useDraft<S, D>(source: S | undefined, init: (source: S) => D, empty: D): [D, (draft: D) => void] {
  const [state, setState] = useState(() => ({ source, draft: source === undefined ? empty : init(source) }));
  const setDraft = useCallback((draft: D) => setState((current) => ({ source: current.source, draft })), []);
  if (source !== undefined && source !== state.source) {
    const next = { source, draft: init(source) };
    setState(next);
    return [next.draft, setDraft];
  }
  return [state.draft, setDraft];
}
