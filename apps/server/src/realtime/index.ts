import type { FastifyInstance } from 'fastify';
import { Server } from 'socket.io';
import {
  ErrorCode,
  INT4_MAX,
  REALTIME_NAMESPACE,
  REALTIME_TIMEOUT_MS,
  RealtimeControlEvent,
  type RealtimeLoginResult,
  realtimeHandshake,
  realtimeRoomName,
  nowUnix,
} from '@vigil/contracts';
import { connectRedisAdapter, type RedisLink } from './adapter.ts';
import { replayMissed } from './catch-up.ts';
import { resolvePrincipal } from './principal.ts';
import { startRelay } from './relay.ts';
import { liveRooms, principalRooms } from './rooms.ts';
import type { Emit, Realtime, SocketAuthenticator, StaffNamespace, StaffSocket } from './types.ts';
import { defaultAuthenticator } from './authenticate.ts';
import { endSocket, sessionFingerprints } from './revocation.ts';

export type { Emit, Realtime, SocketAuthenticator, StaffNamespace, StaffSocket, TokenPrincipal } from './types.ts';
export type { SocketPrincipal } from './rooms.ts';

export type RealtimeOptions = {
  /** Token resolution; defaults to the auth module's, so sockets and HTTP accept the same tokens. */
  authenticate?: SocketAuthenticator;
  /** Overrides config.redisUrl (tests run two instances against one Redis). */
  redisUrl?: string | null;
};

declare module 'fastify' {
  interface FastifyInstance {
    realtime: Realtime;
  }
}

/** Longest delay setTimeout accepts; a later expiry is checked again when that timer fires. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** A refused handshake: the client reads `connect_error.data.code` (SPEC §8). */
function refusal(code: number, message: string): Error & { data: { code: number } } {
  return Object.assign(new Error(message), { data: { code } });
}

/**
 * Attaches the staff channel (Socket.IO namespace `/staff`, websocket only) to the Fastify HTTP
 * server. Call it after the app is built and before it listens; it closes with the app.
 */
export async function registerRealtime(app: FastifyInstance, options: RealtimeOptions = {}): Promise<Realtime> {
  const authenticate = options.authenticate ?? defaultAuthenticator(app);
  const redisUrl = options.redisUrl === undefined ? app.config.redisUrl : options.redisUrl;
  let redis: RedisLink | null = null;
  if (redisUrl) redis = await connectRedisAdapter(redisUrl, app.log);

  const io = new Server(app.server, {
    // Websocket only: no long-polling means no sticky sessions behind a load balancer.
    transports: ['websocket'],
    serveClient: false,
    connectTimeout: REALTIME_TIMEOUT_MS,
    // Alerts are small JSON; compressing each frame costs more CPU than it saves on a LAN.
    perMessageDeflate: false,
    ...(redis ? { adapter: redis.adapter } : {}),
  });
  const staff = io.of(REALTIME_NAMESPACE) as StaffNamespace;

  staff.use((socket, next) => {
    const handshake = realtimeHandshake.safeParse(socket.handshake.auth);
    if (!handshake.success) return next(refusal(ErrorCode.tokenExpired, 'token missing'));
    authenticate(handshake.data.token)
      .then(async (token) => {
        if (!token) return next(refusal(ErrorCode.tokenExpired, 'token expired'));
        if (token.sessionId) {
          const fingerprint = (await sessionFingerprints(app.database.db, [token.sessionId], app.config.tokenIdleMinutes)).get(token.sessionId);
          if (!fingerprint) return next(refusal(ErrorCode.tokenExpired, 'token expired'));
          socket.data.sessionId = token.sessionId;
          socket.data.fingerprint = fingerprint;
        }
        socket.data.principal = await resolvePrincipal(app.database.db, token);
        socket.data.since = handshake.data.since;
        socket.data.expiresAt = token.expiresAt ?? null;
        next();
      })
      .catch((err: unknown) => {
        const code = (err as { code?: unknown }).code;
        if (code === ErrorCode.tokenExpired) return next(refusal(ErrorCode.tokenExpired, 'token expired'));
        // Not the token's fault (database down): a distinct code so the client retries instead
        // of signing the user out.
        app.log.error({ err }, 'realtime: handshake failed');
        next(refusal(ErrorCode.processError, 'process error'));
      });
  });

  staff.on('connection', (socket) => onConnection(app, socket as StaffSocket));

  // Alerts other instances raised while Redis was down never reached this instance's sockets,
  // which stayed connected: replay them from the database, as a reconnecting client's catch-up
  // does (the client store is idempotent by id, so an alert also delivered live is harmless).
  redis?.onRecovered((downSince) => {
    for (const socket of staff.sockets.values()) {
      const { principal } = (socket as StaffSocket).data;
      if (!principal?.canListAbnormal) continue;
      const emit: Emit = (event, ...args) => socket.emit(event, ...args);
      replayMissed(app, principal, { id: INT4_MAX, time: Math.max(0, downSince - 1) }, emit).catch((err: unknown) =>
        app.log.warn({ err }, 'realtime: replay after redis outage failed'),
      );
    }
  });

  const relay = startRelay(app, staff);
  const realtime: Realtime = { io, staff, clustered: redis !== null };
  app.decorate('realtime', realtime);

  // Open websockets would keep Fastify's close waiting; end them first, then the engine and Redis.
  app.addHook('preClose', async () => {
    relay.stop();
    staff.local.disconnectSockets(true);
  });
  app.addHook('onClose', async () => {
    await io.close();
    await redis?.close();
  });
  return realtime;
}

function onConnection(app: FastifyInstance, socket: StaffSocket): void {
  const { principal, since, expiresAt } = socket.data;
  void socket.join(principalRooms(principal));

  const result: RealtimeLoginResult = {
    code: 0,
    staff_id: principal.staffId,
    org_id: principal.orgId,
    area_id: principal.areaId,
    role: principal.role,
    abnormal: principal.canListAbnormal,
    server_time: nowUnix(),
  };
  const emit: Emit = (event, ...args) => socket.emit(event, ...args);
  emit(RealtimeControlEvent.login, result);

  // After the connect result, so the client has its listeners and confirmed state in place.
  if (since && principal.canListAbnormal) {
    replayMissed(app, principal, since, emit).catch((err: unknown) => app.log.warn({ err }, 'realtime: catch-up failed'));
  }

  const roomRequest = (join: boolean) => (raw: unknown, ack?: unknown) => {
    const parsed = realtimeRoomName.safeParse(raw);
    const reply = { room: typeof raw === 'string' ? raw : '', ok: parsed.success };
    if (parsed.success) {
      const rooms = liveRooms(principal, parsed.data);
      if (join) void socket.join(rooms);
      else for (const r of rooms) void socket.leave(r);
    }
    emit(join ? RealtimeControlEvent.join : RealtimeControlEvent.leave, reply);
    if (typeof ack === 'function') (ack as (r: typeof reply) => void)(reply);
  };
  socket.on(RealtimeControlEvent.joinRealtimeRoom, roomRequest(true));
  socket.on(RealtimeControlEvent.leaveRealtimeRoom, roomRequest(false));
  socket.on(RealtimeControlEvent.logout, () => socket.disconnect(true));

  if (expiresAt) scheduleExpiry(socket, expiresAt.getTime());
}

/** A sign-in's absolute lifetime ends on the socket too: tell the client, then hang up. */
function scheduleExpiry(socket: StaffSocket, at: number): void {
  const wait = at - Date.now();
  const timer = setTimeout(
    () => {
      if (Date.now() < at) return scheduleExpiry(socket, at);
      endSocket(socket);
    },
    Math.max(0, Math.min(wait, MAX_TIMER_MS)),
  );
  timer.unref();
  socket.once('disconnect', () => clearTimeout(timer));
}
