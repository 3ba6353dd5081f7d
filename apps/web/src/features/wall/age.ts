import { useSyncExternalStore } from 'react';

/**
 * One clock for every age on the wall ("2 min ago"): a single timer, started while something
 * shows an age, so 200 tiles never run 200 timers. Ten seconds is finer than any age it prints
 * after the first minute, and the first minute reads "just now" / "30 s ago".
 */
const TICK_MS = 10_000;
const listeners = new Set<() => void>();
let now = Math.floor(Date.now() / 1000);
let timer: number | undefined;

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (timer === undefined) {
    now = Math.floor(Date.now() / 1000);
    timer = window.setInterval(() => {
      now = Math.floor(Date.now() / 1000);
      for (const l of listeners) l();
    }, TICK_MS);
  }
  return () => {
    listeners.delete(listener);
    if (!listeners.size && timer !== undefined) {
      window.clearInterval(timer);
      timer = undefined;
    }
  };
}

const read = () => now;

/** The browser's unix second, refreshed every ten seconds while a subscriber is mounted. */
export function useWallClock(): number {
  return useSyncExternalStore(subscribe, read, read);
}

/** An age as an i18n key and count: `wall.age.now`, `.seconds`, `.minutes`, `.hours`, `.days`. */
export function ageOf(seconds: number): { key: string; count: number } {
  const s = Math.max(0, seconds);
  if (s < 10) return { key: 'wall.age.now', count: 0 };
  if (s < 60) return { key: 'wall.age.seconds', count: Math.floor(s / 10) * 10 };
  if (s < 3600) return { key: 'wall.age.minutes', count: Math.floor(s / 60) };
  if (s < 86_400) return { key: 'wall.age.hours', count: Math.floor(s / 3600) };
  return { key: 'wall.age.days', count: Math.floor(s / 86_400) };
}
