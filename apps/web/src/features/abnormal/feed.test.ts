import { afterEach, describe, expect, it, vi } from 'vitest';
import { type RealtimeAbnormal, nowUnix } from '@vigil/contracts';
import { jsonResponse, signInAs } from '../../test/render.tsx';
import { realtime } from '../realtime/index.ts';
import { abnormalFeed, acknowledgeCritical, closeFeed, openFeed, resetFeedForTests, unseenCritical } from './feed.ts';

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

afterEach(() => {
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

  it('keeps critical and escalated alerts unseen until the feed is opened', async () => {
    signInAs();
    vi.stubGlobal('fetch', vi.fn(async () => jsonResponse(200, { data: [] })));
    await openFeed({ start_date: 0, end_date: now });
    push('abnormal', item(10, 65));
    push('abnormal', item(11, 0));
    expect([...unseenCritical.get()]).toEqual([10]);
    push('abnormal', item(11, 0, { escalated: true }));
    expect([...unseenCritical.get()].sort()).toEqual([10, 11]);
    acknowledgeCritical();
    expect(unseenCritical.get().size).toBe(0);
  });
});
