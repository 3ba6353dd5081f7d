import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { RealtimeClient, type SocketLike } from './client.ts';

/** A socket double: records what the client sends and lets the test play the server. */
function fakeSocket() {
  const handlers = new Map<string, Array<(...args: unknown[]) => void>>();
  const sent: Array<[string, unknown]> = [];
  let auth: object = {};
  let authFn: ((cb: (data: object) => void) => void) | null = null;
  const socket = {
    connected: false,
    on(event: string, fn: (...args: unknown[]) => void) {
      handlers.set(event, [...(handlers.get(event) ?? []), fn]);
      return socket;
    },
    emit(event: string, payload?: unknown) {
      sent.push([event, payload]);
      return socket;
    },
    connect() {
      authFn?.((data) => (auth = data));
      socket.connected = true;
      return socket;
    },
    disconnect() {
      socket.connected = false;
      return socket;
    },
  };
  return {
    socket: socket as unknown as SocketLike,
    sent,
    auth: () => auth,
    setAuth: (fn: (cb: (data: object) => void) => void) => (authFn = fn),
    serverSends: (event: string, payload?: unknown) => handlers.get(event)?.forEach((fn) => fn(payload)),
  };
}

const login = { code: 0, staff_id: 1, org_id: 2, area_id: null, role: 2, abnormal: true, server_time: 1000 };

function setup() {
  const fake = fakeSocket();
  const onExpired = vi.fn();
  const client = new RealtimeClient({
    socketUrl: '',
    onExpired,
    factory: (_url, auth) => {
      fake.setAuth(auth);
      return fake.socket;
    },
  });
  return { fake, client, onExpired };
}

describe('realtime client', () => {
  it('queues emits until the connect result, then sends them in order', () => {
    const { fake, client } = setup();
    client.start('token-1');
    client.joinRoom('sleep');
    client.emit('custom', { a: 1 });
    expect(fake.sent).toEqual([]);
    fake.serverSends('login', login);
    expect(fake.sent).toEqual([
      ['join_realtime_room', 'sleep'],
      ['custom', { a: 1 }],
    ]);
    expect(client.status.get()).toBe('online');
    client.emit('later');
    expect(fake.sent.at(-1)).toEqual(['later', undefined]);
  });

  it('does not flush on an invalid connect result', () => {
    const { fake, client } = setup();
    client.start('token-1');
    client.emit('custom');
    fake.serverSends('login', { code: 0 });
    expect(fake.sent).toEqual([]);
  });

  it('queues again while disconnected and re-joins rooms after the next confirmation', () => {
    const { fake, client } = setup();
    client.start('token-1');
    fake.serverSends('login', login);
    client.joinRoom('air');
    fake.serverSends('disconnect');
    client.emit('while-away');
    expect(fake.sent.map(([e]) => e)).toEqual(['join_realtime_room']);
    fake.serverSends('login', { ...login, server_time: 2000 });
    expect(fake.sent.slice(1)).toEqual([
      ['join_realtime_room', 'air'],
      ['while-away', undefined],
    ]);
  });

  it('sends the catch-up cursor in the handshake once it has seen the server', () => {
    const { fake, client } = setup();
    client.start('token-1');
    expect(fake.auth()).toEqual({ token: 'token-1' });
    fake.serverSends('login', login);
    client.advanceCursor(42, 1500);
    fake.socket.connect();
    expect(fake.auth()).toEqual({ token: 'token-1', since: { id: 42, time: 1500 } });
  });

  it('tells listeners of each confirmation, and whether its handshake carried a catch-up cursor', async () => {
    const { fake, client } = setup();
    const confirmations: boolean[] = [];
    client.onConfirmed((resumed) => confirmations.push(resumed));
    client.start('token-1');
    const settled = client.settled(60_000);
    fake.serverSends('login', login);
    await settled;
    fake.serverSends('disconnect');
    fake.socket.connect();
    fake.serverSends('login', { ...login, server_time: 2000 });
    expect(confirmations).toEqual([false, true]);
  });

  it('waits for the server to join every asked-for room, and asks again after a reconnect', async () => {
    const { fake, client } = setup();
    client.start('token-1');
    client.joinRoom('watch');
    client.joinRoom('sleep');
    let joined = false;
    const first = client.whenJoined(['watch', 'sleep'], 60_000).then(() => (joined = true));
    fake.serverSends('login', login);
    fake.serverSends('join', { room: 'watch', ok: true });
    await Promise.resolve();
    expect(joined).toBe(false);
    fake.serverSends('join', { room: 'sleep', ok: true });
    await first;

    // A new connection has joined nothing until the server says so again.
    fake.serverSends('disconnect');
    fake.socket.connect();
    joined = false;
    fake.serverSends('login', login);
    const second = client.whenJoined(['watch'], 60_000).then(() => (joined = true));
    await Promise.resolve();
    expect(joined).toBe(false);
    fake.serverSends('join', { room: 'watch', ok: true });
    await second;
  });

  it('does not wait for rooms while the connection is down, nor past its time limit', async () => {
    vi.useFakeTimers();
    try {
      const { fake, client } = setup();
      await client.whenJoined(['watch'], 60_000);
      client.start('token-1');
      client.joinRoom('watch');
      const down = client.whenJoined(['watch'], 60_000);
      fake.serverSends('connect_error', new Error('unreachable'));
      await down;
      fake.socket.connect();
      fake.serverSends('login', login);
      // A refused room never counts as joined; the wait ends at its limit.
      fake.serverSends('join', { room: 'watch', ok: false });
      const refused = client.whenJoined(['watch'], 3000);
      await vi.advanceTimersByTimeAsync(3000);
      await refused;
    } finally {
      vi.useRealTimers();
    }
  });

  it('signs out when the server refuses the token with -1, and only then', () => {
    const { fake, client, onExpired } = setup();
    client.start('token-1');
    fake.serverSends('connect_error', Object.assign(new Error('x'), { data: { code: -8 } }));
    expect(onExpired).not.toHaveBeenCalled();
    expect(client.status.get()).toBe('offline');
    fake.serverSends('connect_error', Object.assign(new Error('x'), { data: { code: -1 } }));
    expect(onExpired).toHaveBeenCalledTimes(1);
    expect(client.status.get()).toBe('idle');
  });

  it('drops packets that fail the schema', () => {
    const { fake, client } = setup();
    const seen: number[] = [];
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    client.on('abnormal', z.object({ id: z.number() }), (p) => seen.push(p.id));
    client.start('token-1');
    fake.serverSends('abnormal', { id: 'x' });
    fake.serverSends('abnormal', { id: 5 });
    expect(seen).toEqual([5]);
    warn.mockRestore();
  });
});
