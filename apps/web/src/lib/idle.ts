import { StorageKey, readItem, removeItem, writeItem } from './storage.ts';
import { createStore } from './store.ts';

/** How long before the idle sign-out the console warns. */
export const IDLE_WARNING_MS = 2 * 60_000;
/** The server refreshes a session's last use at most once a minute (server auth/sessions.ts). */
const SERVER_TOUCH_INTERVAL_MS = 60_000;

function restore(): number | null {
  const value = Number(readItem(StorageKey.activity));
  return Number.isFinite(value) && value > 0 ? value : null;
}

/**
 * When the server last counted this session as used, as far as the console can tell (ms, this
 * browser's clock). Shared by every tab through localStorage, so a user working in one tab is
 * not signed out by the idle timer of another.
 */
export const activityStore = createStore<number | null>(restore());

/**
 * A call sent at `sentAt` was answered with success. The server counts a use only when its last
 * one is a minute old, so this does too: the console's idea of the deadline is then never later
 * than the server's (it may be earlier by the request's travel time, which only warns sooner).
 */
export function noteServerUse(sentAt: number): void {
  const last = activityStore.get();
  if (last !== null && sentAt - last < SERVER_TOUCH_INTERVAL_MS) return;
  setActivity(sentAt);
}

/** A new session was just created (sign-in): its last use is now. */
export function setActivity(at: number): void {
  activityStore.set(at);
  writeItem(StorageKey.activity, String(at));
}

export function clearActivity(): void {
  activityStore.set(null);
  removeItem(StorageKey.activity);
}

export type IdlePhase = { phase: 'active' | 'warning' | 'expired'; warnAt: number; expireAt: number };

/** Where a session stands at `now` given its last use and the idle limit: pure, for the timer and its tests. */
export function idlePhase(now: number, lastUse: number, idleMs: number): IdlePhase {
  const expireAt = lastUse + idleMs;
  const warnAt = Math.max(lastUse, expireAt - IDLE_WARNING_MS);
  return { phase: now >= expireAt ? 'expired' : now >= warnAt ? 'warning' : 'active', warnAt, expireAt };
}

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === StorageKey.activity || event.key === null) activityStore.set(restore());
  });
}
