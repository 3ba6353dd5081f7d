import { afterEach, describe, expect, it, vi } from 'vitest';
import { type RealtimeAbnormal, nowUnix } from '@vigil/contracts';
import { jsonResponse, signInAs } from '../../test/render.tsx';
import { realtime } from '../realtime/index.ts';
import { abnormalFeed, closeFeed, feedLoading, openFeed, resetFeedForTests } from './feed.ts';
import { repeating, silentUntil } from './silence.ts';

const now = nowUnix();
const item = (id: number, type = 0, o: Partial<RealtimeAbnormal> = {}): RealtimeAbnormal => ({
  id,
  type,
  category: 0,
  occur_time: now,
  detail: null,
  is_handle: false,
  is_follow: false,
  source: { type: 'sleep', id: 1, user: null, area: { id: 1, name: 'East' }, device: { type: 0, id: 1, name: null } },
  handle: null,
  created_at: now,
  updated_at: now,
  ...o,
});

/** Plays the server: delivers a packet to the client's listeners as the socket would. */
function push(event: string, payload: unknown) {
  const listeners = (realtime as unknown as { listeners: Map<string, Set<(p: unknown) => void>> }).listeners.get(event);
  for (const l of listeners ?? []) l(payload);
}

/** Plays the staff connection being confirmed, with or without a catch-up cursor in its handshake. */
function confirmConnection(resumed: boolean) {
  realtime.status.set('online');
  for (const l of (realtime as unknown as { confirmedListeners: Set<(r: boolean) => void> }).confirmedListeners) l(resumed);
}

const page = (list: RealtimeAbnormal[]) => jsonResponse(200, { data: { current_page: 1, last_page: 1, per_page: list.length, total: list.length, list } });

afterEach(() => {
  realtime.status.set('idle');
  resetFeedForTests();
  vi.unstubAllGlobals();
});

describe('abnormal feed', () => {
  it('replaces the store with the initial list, then applies pushed, handled and user-channel events', async () => {
    signInAs();
    const fetch = vi.fn(async () => jsonResponse(200, { data: { current_page: 1, last_page: 1, per_page: 2, total: 2, list: [item(1), item(2)] } }));
    vi.stubGlobal('fetch', fetch);
    await openFeed({ start_date: now - 86_400, end_date: now });
    expect(String((fetch.mock.calls[0] as unknown[])[0])).toMatch(/is_handle=0.*start_date=/);
    expect(abnormalFeed.get().total).toBe(2);
    push('abnormal', item(3));
    push('abnoramlHandle', item(1, 0, { is_handle: true }));
    push('userAbnormal', item(4, 0, { occur_time: now - 3 * 86_400, source: { ...item(4).source, type: 'user_system' } }));
    expect(Object.keys(abnormalFeed.get().byId).map(Number).sort()).toEqual([2, 3]);
    closeFeed();
    expect(abnormalFeed.get().total).toBe(0);
  });

  it('reads the list once the connection has joined its rooms, so nothing raised in between is missed', async () => {
    signInAs();
    realtime.status.set('connecting');
    const fetch = vi.fn(async () => page([item(1)]));
    vi.stubGlobal('fetch', fetch);
    const opened = openFeed({ start_date: now - 86_400, end_date: now });
    await Promise.resolve();
    expect(fetch).not.toHaveBeenCalled();
    // The bell says it is busy meanwhile: its count is not the real one yet.
    expect(feedLoading.get()).toBe(true);
    confirmConnection(false);
    await opened;
    expect(feedLoading.get()).toBe(false);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(abnormalFeed.get().total).toBe(1);
  });

  it('reads the list again when the connection is confirmed without a cursor after the list was read', async () => {
    signInAs();
    realtime.status.set('offline');
    // The alert raised after the first read, before the socket joined: only a second read finds it.
    const fetch = vi.fn().mockResolvedValueOnce(page([item(1)])).mockResolvedValue(page([item(1), item(2)]));
    vi.stubGlobal('fetch', fetch);
    await openFeed({ start_date: now - 86_400, end_date: now });
    expect(abnormalFeed.get().total).toBe(1);
    confirmConnection(false);
    await vi.waitFor(() => expect(abnormalFeed.get().total).toBe(2));
    // A reconnect that sent its cursor is caught up by the server: no further read.
    confirmConnection(true);
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('repeats high-priority and escalated alerts until acknowledged; a snooze silences one member and type', () => {
    const sos = item(10, 65, { source: { ...item(10).source, user: { id: 7, name: 'Ana' } } });
    const heart = item(11, 45, { source: { ...item(11).source, user: { id: 7, name: 'Ana' } } });
    expect(repeating([sos, heart], [], now).map((i) => i.id)).toEqual([10]);
    expect(repeating([sos, { ...heart, escalated: true }], [], now).map((i) => i.id)).toEqual([10, 11]);
    const ackd = { ...sos, acknowledged_until: now + 300 };
    expect(repeating([ackd], [], now)).toEqual([]);
    // The acknowledgement runs out: the alert, still open, repeats again.
    expect(repeating([ackd], [], now + 301).map((i) => i.id)).toEqual([10]);
    const snooze = { id: 1, user_id: 7, user_name: 'Ana', type: 45, until: now + 600, staff_name: 'Bo', created_at: now };
    expect(silentUntil(heart, [snooze], now)).toBe(now + 600);
    expect(silentUntil({ ...heart, type: 44 }, [snooze], now)).toBeNull();
    expect(silentUntil({ ...heart, source: { ...heart.source, user: { id: 8, name: 'Cy' } } }, [snooze], now)).toBeNull();
    expect(silentUntil(heart, [snooze], now + 601)).toBeNull();
  });
});
