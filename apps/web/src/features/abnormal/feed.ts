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
/** True while an open feed has not yet read its first list: its count is not the real one yet. */
export const feedLoading = createStore<boolean>(false);

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

/** How long the first list waits for the staff connection before it is read regardless. */
export const FEED_CONNECT_WAIT_MS = 3000;

/**
 * Opens the feed (SPEC §4): listens to the four alert events, then loads the initial list for the
 * range, which replaces the store. Events that arrive while the list loads are applied on top of
 * it, so nothing pushed meanwhile is lost.
 *
 * The list is read once the staff connection has joined its rooms (or failed, or after a short
 * wait), so an alert raised after the read is pushed. Should the connection be confirmed later
 * without a catch-up cursor (the list was asked for before the socket joined), an alert raised in
 * between reached neither the list nor the socket, and the list is read again: a console opened at
 * the moment an alert is raised must not miss it.
 */
export async function openFeed(range: FeedRange): Promise<void> {
  closeFeed();
  const mine = ++generation;
  // One buffer per list read in flight: what is pushed meanwhile is replayed on top of its answer.
  const buffers = new Set<Array<(s: AbnormalStoreState) => AbnormalStoreState>>();
  let reads = 0;
  const route = (update: (s: AbnormalStoreState, item: RealtimeAbnormal) => AbnormalStoreState) => (item: RealtimeAbnormal) => {
    for (const buffer of buffers) buffer.push((s) => update(s, item));
    apply((s) => update(s, item), item);
  };
  const readList = async () => {
    const read = ++reads;
    const buffered: Array<(s: AbnormalStoreState) => AbnormalStoreState> = [];
    buffers.add(buffered);
    try {
      const items = await fetchAbnormalAll({ is_handle: 0, ...range });
      // A newer read (or a newer feed) answers for the store.
      if (mine !== generation || read !== reads) return;
      const maxId = items.reduce((m, i) => Math.max(m, i.id), 0);
      const maxTime = items.reduce((m, i) => Math.max(m, i.updated_at), 0);
      realtime.advanceCursor(maxId, maxTime);
      abnormalFeed.set(buffered.reduce((s, f) => f(s), replaceAbnormals(items)));
    } finally {
      buffers.delete(buffered);
    }
  };
  stopListening = [
    realtime.on(RealtimeEvent.abnormal, realtimeAbnormal, route(upsertAbnormal)),
    realtime.on(RealtimeEvent.abnormalHandle, realtimeAbnormal, route(removeAbnormal)),
    realtime.on(RealtimeEvent.userAbnormal, realtimeAbnormal, route((s, item) => upsertUserAbnormal(s, item))),
    realtime.on(RealtimeEvent.userAbnormalHandle, realtimeAbnormal, route(removeAbnormal)),
    realtime.on(ABNORMAL_SNOOZE_EVENT, abnormalSnoozeChange, () => {
      refreshSnoozes().catch((err: unknown) => console.warn('abnormal feed: snoozes failed', err));
    }),
    realtime.onConfirmed((resumed) => {
      if (resumed || reads === 0) return;
      readList().catch((err: unknown) => console.warn('abnormal feed: list after connecting failed', err));
    }),
  ];
  feedLoading.set(true);
  try {
    await realtime.settled(FEED_CONNECT_WAIT_MS);
    if (mine !== generation) return;
    await readList();
  } finally {
    if (mine === generation) feedLoading.set(false);
  }
  if (mine !== generation) return;
  await refreshSnoozes();
}

/** SPEC §4: closing the feed empties the store. */
export function closeFeed(): void {
  generation += 1;
  for (const stop of stopListening) stop();
  stopListening = [];
  abnormalFeed.set(emptyAbnormalStore);
  feedLoading.set(false);
  snoozeStore.set([]);
}

/** Test seam: forget listeners registered by earlier tests. */
export function resetFeedForTests(): void {
  closeFeed();
  arrivalListeners = new Set();
}
