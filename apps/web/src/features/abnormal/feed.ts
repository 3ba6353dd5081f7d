import { ABNORMAL_SNOOZE_EVENT, RealtimeEvent, Resource, type RealtimeAbnormal, abnormalSnoozeChange, realtimeAbnormal } from '@vigil/contracts';
import { hasPermission, sessionStore } from '../../lib/session.ts';
import { createStore } from '../../lib/store.ts';
import { realtime } from '../realtime/index.ts';
import { fetchAbnormalAll, fetchSnoozes } from './api.ts';
import { snoozeStore } from './silence.ts';
import {
  type AbnormalStoreState,
  emptyAbnormalStore,
  removeAbnormal,
  replaceAbnormals,
  upsertAbnormal,
  upsertUserAbnormal,
} from './store.ts';

/** The live alert feed behind the bell and the home page's abnormal tab. */
export const abnormalFeed = createStore<AbnormalStoreState>(emptyAbnormalStore);

export type FeedRange = { start_date: number; end_date: number };
type Arrival = (item: RealtimeAbnormal) => void;

let stopListening: Array<() => void> = [];
let arrivalListeners = new Set<Arrival>();
let generation = 0;

/** Subscribers told about each alert that is new to the feed (browser notifications use it). */
export function onArrival(listener: Arrival): () => void {
  arrivalListeners.add(listener);
  return () => arrivalListeners.delete(listener);
}

function apply(update: (state: AbnormalStoreState) => AbnormalStoreState, item: RealtimeAbnormal): void {
  const before = abnormalFeed.get();
  const after = update(before);
  abnormalFeed.set(after);
  realtime.advanceCursor(item.id, item.updated_at);
  const arrived = !before.byId[item.id] && Boolean(after.byId[item.id]);
  const escalated = Boolean(after.byId[item.id]?.escalated) && !before.byId[item.id]?.escalated;
  if (arrived || escalated) for (const l of arrivalListeners) l(after.byId[item.id]);
}

/** Re-reads the snoozes in force (on opening the feed and whenever a console changes one). */
export async function refreshSnoozes(): Promise<void> {
  if (!hasPermission(sessionStore.get(), 'GET', `${Resource.abnormal}/snooze`)) return;
  snoozeStore.set(await fetchSnoozes());
}

/**
 * Opens the feed (SPEC §4): listens to the four alert events, then loads the initial list for the
 * range, which replaces the store. Events that arrive while the list loads are applied on top of
 * it, so nothing pushed meanwhile is lost.
 */
export async function openFeed(range: FeedRange): Promise<void> {
  closeFeed();
  const mine = ++generation;
  let buffered: Array<(s: AbnormalStoreState) => AbnormalStoreState> = [];
  let loading = true;
  const route = (update: (s: AbnormalStoreState, item: RealtimeAbnormal) => AbnormalStoreState) => (item: RealtimeAbnormal) => {
    if (loading) buffered.push((s) => update(s, item));
    apply((s) => update(s, item), item);
  };
  stopListening = [
    realtime.on(RealtimeEvent.abnormal, realtimeAbnormal, route(upsertAbnormal)),
    realtime.on(RealtimeEvent.abnormalHandle, realtimeAbnormal, route(removeAbnormal)),
    realtime.on(RealtimeEvent.userAbnormal, realtimeAbnormal, route((s, item) => upsertUserAbnormal(s, item))),
    realtime.on(RealtimeEvent.userAbnormalHandle, realtimeAbnormal, route(removeAbnormal)),
    realtime.on(ABNORMAL_SNOOZE_EVENT, abnormalSnoozeChange, () => {
      refreshSnoozes().catch((err: unknown) => console.warn('abnormal feed: snoozes failed', err));
    }),
  ];
  try {
    const items = await fetchAbnormalAll({ is_handle: 0, ...range });
    if (mine !== generation) return;
    const maxId = items.reduce((m, i) => Math.max(m, i.id), 0);
    const maxTime = items.reduce((m, i) => Math.max(m, i.updated_at), 0);
    realtime.advanceCursor(maxId, maxTime);
    abnormalFeed.set(buffered.reduce((s, f) => f(s), replaceAbnormals(items)));
    await refreshSnoozes();
  } finally {
    loading = false;
    buffered = [];
  }
}

/** SPEC §4: closing the feed empties the store. */
export function closeFeed(): void {
  generation += 1;
  for (const stop of stopListening) stop();
  stopListening = [];
  abnormalFeed.set(emptyAbnormalStore);
  snoozeStore.set([]);
}

/** Test seam: forget listeners registered by earlier tests. */
export function resetFeedForTests(): void {
  closeFeed();
  arrivalListeners = new Set();
}
