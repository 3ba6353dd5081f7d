import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import { Resource } from '@vigil/contracts';
import { mockApi } from '../../test/api-mock.ts';
import { renderWithProviders, signInAs } from '../../test/render.tsx';
import { StorageKey, readItem, writeItem } from '../../lib/storage.ts';
import { activityStore, idlePhase } from '../../lib/idle.ts';
import { sessionEndStore, sessionStore } from '../../lib/session.ts';
import { IdleSignOut } from './IdleSignOut.tsx';

const MINUTE = 60_000;
const start = new Date('2026-03-02T08:00:00Z').getTime();

/** Moves the controlled clock on and lets the timers due by then run (no real waiting). */
const advance = (ms: number) => act(async () => void (await vi.advanceTimersByTimeAsync(ms)));

beforeEach(() => {
  vi.useFakeTimers({ now: start, toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  window.__VIGIL_CONFIG__ = { idleMinutes: 10 };
});
afterEach(() => {
  vi.useRealTimers();
  delete window.__VIGIL_CONFIG__;
});

describe('idle phases', () => {
  it('warns two minutes before the limit and expires at it', () => {
    expect(idlePhase(start + 7 * MINUTE, start, 10 * MINUTE).phase).toBe('active');
    expect(idlePhase(start + 8 * MINUTE, start, 10 * MINUTE).phase).toBe('warning');
    expect(idlePhase(start + 10 * MINUTE, start, 10 * MINUTE)).toEqual({ phase: 'expired', warnAt: start + 8 * MINUTE, expireAt: start + 10 * MINUTE });
  });
});

// MUI dialogs under act on a loaded two-core machine: more room than five seconds.
describe('idle sign-out', () => {
  it('warns two minutes before the idle limit, and "Stay signed in" touches the session and starts the count again', async () => {
    signInAs();
    const server = mockApi();
    server.on('GET', Resource.personal, { status: 200, body: { data: { id: 7 } } });
    renderWithProviders(<IdleSignOut />);

    await advance(8 * MINUTE - 1000);
    expect(screen.queryByRole('dialog')).toBeNull();
    await advance(1000);
    expect(screen.getByRole('dialog', { name: 'Still there?' })).toBeTruthy();
    expect(screen.getByRole('timer').textContent).toContain('2:00');
    // The countdown ticks each second (each tick renders, then sets the next timer).
    for (let second = 0; second < 5; second++) await advance(1000);
    expect(screen.getByRole('timer').textContent).toContain('1:55');

    fireEvent.click(screen.getByRole('button', { name: 'Stay signed in' }));
    await advance(0);
    expect(server.callsTo('GET', Resource.personal)).toHaveLength(1);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(activityStore.get()).toBe(start + 8 * MINUTE + 5000);

    // Ten minutes from that use, not from sign-in.
    await advance(8 * MINUTE - 1000);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(sessionStore.get().token).toBe('token-1');
  });

  it('at the limit signs out and returns to sign-in keeping nothing of the session but the language and theme', async () => {
    writeItem(StorageKey.locale, 'zh-TW');
    writeItem(StorageKey.theme, 'dark');
    signInAs();
    const server = mockApi();
    server.on('POST', Resource.logout, { status: 200, body: { data: null } });
    renderWithProviders(<IdleSignOut />);

    await advance(8 * MINUTE);
    expect(screen.getByRole('dialog')).toBeTruthy();
    await advance(2 * MINUTE);

    expect(screen.queryByRole('dialog')).toBeNull();
    expect(sessionStore.get().token).toBeNull();
    expect(sessionEndStore.get()).toBe('idle');
    expect(server.callsTo('POST', Resource.logout)).toHaveLength(1);
    expect(readItem(StorageKey.session)).toBeNull();
    expect(readItem(StorageKey.activity)).toBeNull();
    expect(readItem(StorageKey.locale)).toBe('zh-TW');
    expect(readItem(StorageKey.theme)).toBe('dark');
  });

  it('follows use in another tab: a newer use shared through storage moves the warning', async () => {
    signInAs();
    renderWithProviders(<IdleSignOut />);
    await advance(7 * MINUTE);
    act(() => activityStore.set(start + 7 * MINUTE));
    await advance(2 * MINUTE);
    expect(screen.queryByRole('dialog')).toBeNull();
    await advance(6 * MINUTE);
    expect(screen.getByRole('dialog')).toBeTruthy();
  });
});
