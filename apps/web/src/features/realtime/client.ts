import { io, type Socket } from 'socket.io-client';
import type { z } from 'zod';
import {
  ErrorCode,
  REALTIME_NAMESPACE,
  REALTIME_TIMEOUT_MS,
  RealtimeControlEvent,
  type RealtimeCursor,
  type RealtimeRoom,
  realtimeLoginResult,
  realtimeLogout,
  realtimeRefusal,
  realtimeRoomResult,
} from '@vigil/contracts';
import { createStore } from '../../lib/store.ts';

/** The subset of a socket.io-client Socket the client uses; tests pass a fake. */
export type SocketLike = Pick<Socket, 'on' | 'emit' | 'connect' | 'disconnect'> & { connected: boolean };
export type SocketFactory = (url: string, auth: (cb: (data: object) => void) => void) => SocketLike;

export type RealtimeStatus = 'idle' | 'connecting' | 'online' | 'offline';

export type RealtimeClientOptions = {
  socketUrl: string;
  factory?: SocketFactory;
  /** Called when the server refuses the token (-1) or ends the session: the console signs out. */
  onExpired: () => void;
};

const defaultFactory: SocketFactory = (url, auth) =>
  io(url + REALTIME_NAMESPACE, {
    // SPEC §7: the staff namespace over websocket, 5 s timeout, token in the handshake.
    transports: ['websocket'],
    timeout: REALTIME_TIMEOUT_MS,
    auth,
    autoConnect: false,
    reconnectionDelay: 1000,
    reconnectionDelayMax: 10_000,
  });

type Listener = (payload: unknown) => void;
/** Told of each confirmed sign-in; `resumed` says whether its handshake carried a catch-up cursor. */
type ConfirmedListener = (resumed: boolean) => void;

/**
 * One staff connection per signed-in console. SPEC §4: it connects with the token, disconnects
 * when the token is lost, and queues what the app emits until the server's connect result
 * (`login`) confirms the sign-in; joined device rooms are re-joined after every reconnect. It
 * remembers the newest alert seen and sends it in the next handshake so the server replays what
 * was missed.
 */
export class RealtimeClient {
  readonly status = createStore<RealtimeStatus>('idle');
  private socket: SocketLike | null = null;
  private confirmed = false;
  private queue: Array<[string, unknown]> = [];
  private rooms = new Set<RealtimeRoom>();
  /** Rooms the server said it joined on this connection (its `join` reply). */
  private joined = new Set<RealtimeRoom>();
  private joinListeners = new Set<() => void>();
  private listeners = new Map<string, Set<Listener>>();
  private cursor: RealtimeCursor | null = null;
  /** Whether the handshake in flight carried a cursor, so the server replays what was missed. */
  private handshakeResumed = false;
  private confirmedListeners = new Set<ConfirmedListener>();
  private readonly factory: SocketFactory;

  constructor(private readonly options: RealtimeClientOptions) {
    this.factory = options.factory ?? defaultFactory;
  }

  start(token: string): void {
    this.stop();
    this.cursor = null;
    const socket = this.factory(this.options.socketUrl, (cb) => {
      this.handshakeResumed = this.cursor !== null;
      cb(this.cursor ? { token, since: this.cursor } : { token });
    });
    this.socket = socket;
    socket.on(RealtimeControlEvent.login, (raw: unknown) => this.onLogin(raw));
    socket.on(RealtimeControlEvent.logout, (raw: unknown) => {
      if (realtimeLogout.safeParse(raw).success) this.expire();
    });
    socket.on(RealtimeControlEvent.join, (raw: unknown) => this.onJoined(raw));
    socket.on('disconnect', () => {
      this.confirmed = false;
      this.joined.clear();
      if (this.socket === socket) this.status.set('offline');
    });
    socket.on('connect_error', (err: Error & { data?: unknown }) => {
      const refusal = realtimeRefusal.safeParse(err.data);
      if (refusal.success && refusal.data.code === ErrorCode.tokenExpired) this.expire();
      else this.status.set('offline');
    });
    for (const event of this.listeners.keys()) this.bind(event);
    this.status.set('connecting');
    socket.connect();
  }

  /** Ends the connection (token lost); tells the server first when the link is up. */
  stop(): void {
    const socket = this.socket;
    if (!socket) return;
    this.socket = null;
    if (socket.connected && this.confirmed) socket.emit(RealtimeControlEvent.logout);
    socket.disconnect();
    this.confirmed = false;
    this.queue = [];
    this.rooms.clear();
    this.joined.clear();
    this.status.set('idle');
    this.tellJoinListeners();
  }

  /** Sends now if the sign-in is confirmed, otherwise after the connect result. */
  emit(event: string, payload?: unknown): void {
    if (this.socket && this.confirmed) this.socket.emit(event, payload);
    else this.queue.push([event, payload]);
  }

  joinRoom(room: RealtimeRoom): void {
    if (this.rooms.has(room)) return;
    this.rooms.add(room);
    this.emit(RealtimeControlEvent.joinRealtimeRoom, room);
  }

  leaveRoom(room: RealtimeRoom): void {
    if (!this.rooms.delete(room)) return;
    this.joined.delete(room);
    this.emit(RealtimeControlEvent.leaveRealtimeRoom, room);
  }

  /**
   * Listens to a server event; packets that fail the contract schema are dropped (and logged), so
   * a bad packet can never reach a store.
   */
  on<S extends z.ZodType>(event: string, schema: S, handler: (payload: z.infer<S>) => void): () => void {
    const listener: Listener = (raw) => {
      const parsed = schema.safeParse(raw);
      if (parsed.success) handler(parsed.data);
      else console.warn(`realtime: dropped an invalid "${event}" packet`, parsed.error.issues);
    };
    let set = this.listeners.get(event);
    if (!set) {
      set = new Set();
      this.listeners.set(event, set);
      this.bind(event);
    }
    set.add(listener);
    return () => set.delete(listener);
  }

  /**
   * Listens for each confirmed sign-in (first connect and every reconnect). A confirmation whose
   * handshake carried no cursor had nothing replayed: whatever was raised before the socket joined
   * its rooms reached it only if the listener reads it again.
   */
  onConfirmed(listener: ConfirmedListener): () => void {
    this.confirmedListeners.add(listener);
    return () => this.confirmedListeners.delete(listener);
  }

  /**
   * Resolves once the connection is not still connecting (confirmed, refused or offline), or after
   * `timeoutMs`, so a reader can start after the socket has joined its rooms without ever waiting
   * on a server that does not answer.
   */
  settled(timeoutMs: number): Promise<void> {
    if (this.status.get() !== 'connecting') return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        window.clearTimeout(timer);
        stop();
        resolve();
      };
      const timer = window.setTimeout(done, timeoutMs);
      const stop = this.status.subscribe(() => {
        if (this.status.get() !== 'connecting') done();
      });
    });
  }

  /**
   * Resolves once the server has joined every one of `rooms` on this connection, so a snapshot
   * read afterwards misses nothing the rooms carry; or at once when the connection is down or
   * refused (the snapshot is all there is), or after `timeoutMs` whatever happens.
   */
  whenJoined(rooms: readonly RealtimeRoom[], timeoutMs: number): Promise<void> {
    const ready = () => {
      const status = this.status.get();
      return status === 'idle' || status === 'offline' || rooms.every((r) => this.joined.has(r));
    };
    if (ready()) return Promise.resolve();
    return new Promise((resolve) => {
      const check = () => {
        if (!ready()) return;
        done();
      };
      const done = () => {
        window.clearTimeout(timer);
        this.joinListeners.delete(check);
        stop();
        resolve();
      };
      const timer = window.setTimeout(done, timeoutMs);
      this.joinListeners.add(check);
      const stop = this.status.subscribe(check);
    });
  }

  /** Records the newest alert seen (id, and the server time it changed) for the next handshake. */
  advanceCursor(id: number, time: number): void {
    const c = this.cursor ?? { id: 0, time: 0 };
    this.cursor = { id: Math.max(c.id, id), time: Math.max(c.time, time) };
  }

  private bind(event: string): void {
    this.socket?.on(event, (raw: unknown) => {
      for (const l of this.listeners.get(event) ?? []) l(raw);
    });
  }

  private onLogin(raw: unknown): void {
    const result = realtimeLoginResult.safeParse(raw);
    if (!result.success || !this.socket) return;
    this.advanceCursor(0, result.data.server_time);
    this.confirmed = true;
    this.status.set('online');
    // The server forgets a socket's device rooms with the socket; ask again after a reconnect.
    const pending = this.queue;
    this.queue = [];
    const queuedJoins = new Set(pending.filter(([e]) => e === RealtimeControlEvent.joinRealtimeRoom).map(([, p]) => p));
    for (const room of this.rooms) if (!queuedJoins.has(room)) this.socket.emit(RealtimeControlEvent.joinRealtimeRoom, room);
    for (const [event, payload] of pending) this.socket.emit(event, payload);
    for (const listener of [...this.confirmedListeners]) listener(this.handshakeResumed);
  }

  private onJoined(raw: unknown): void {
    const result = realtimeRoomResult.safeParse(raw);
    if (!result.success || !result.data.ok) return;
    const room = result.data.room as RealtimeRoom;
    // A reply to a room left meanwhile is stale.
    if (!this.rooms.has(room)) return;
    this.joined.add(room);
    this.tellJoinListeners();
  }

  private tellJoinListeners(): void {
    for (const listener of [...this.joinListeners]) listener();
  }

  private expire(): void {
    this.stop();
    this.options.onExpired();
  }
}
