/**
 * Which tiles are on screen, from one IntersectionObserver for the whole wall. A tile off screen
 * stops listening to its member, so a 200-member wall renders only the few dozen tiles a screen
 * shows; scrolled into view, a tile reads its member's current state at once. Where the browser
 * has no IntersectionObserver every tile counts as visible.
 */
const callbacks = new Map<Element, (visible: boolean) => void>();
let observer: IntersectionObserver | null = null;

/** A margin of a few rows, so tiles are current before they scroll into view. */
const MARGIN = '400px';

export function observeVisibility(el: Element, onChange: (visible: boolean) => void): () => void {
  if (typeof IntersectionObserver === 'undefined') {
    onChange(true);
    return () => undefined;
  }
  observer ??= new IntersectionObserver(
    (entries) => {
      for (const e of entries) callbacks.get(e.target)?.(e.isIntersecting);
    },
    { rootMargin: MARGIN },
  );
  callbacks.set(el, onChange);
  observer.observe(el);
  return () => {
    callbacks.delete(el);
    observer?.unobserve(el);
  };
}
