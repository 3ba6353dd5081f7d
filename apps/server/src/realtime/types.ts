import type { DefaultEventsMap, Namespace, Server, Socket } from 'socket.io';
import type { ApiPermission, RealtimeCursor, StaffRole } from '@vigil/contracts';
import type { SocketPrincipal } from './rooms.ts';

/*
 * The staff channel's shared types. They live apart from index.ts so that what the channel carries
 * (relay, catch-up, escalation) can name them without importing the module that starts it.
 */

type SocketData = {
  principal: SocketPrincipal;
  since?: RealtimeCursor;
  expiresAt: Date | null;
  /** The stored session (its token's hash) and what it was admitted as; see revocation.ts. */
  sessionId?: string;
  fingerprint?: string;
};
export type StaffSocket = Socket<DefaultEventsMap, DefaultEventsMap, DefaultEventsMap, SocketData>;
export type StaffNamespace = Namespace<DefaultEventsMap, DefaultEventsMap, DefaultEventsMap, SocketData>;

export type Realtime = {
  io: Server;
  staff: StaffNamespace;
  /** Whether broadcasts cross instances through Redis. */
  clustered: boolean;
};

/** Sends one event to one socket (catch-up and control replies). */
export type Emit = (event: string, ...args: unknown[]) => boolean;

/**
 * What a bearer token resolves to, as the auth module reports it. The realtime layer never reads
 * sessions itself: a token the HTTP API would refuse is refused here too, by the same code.
 */
export type TokenPrincipal = {
  staffId: number;
  role: StaffRole;
  orgId: number;
  areaId: number | null;
  api: readonly ApiPermission[];
  /** When the sign-in stops being valid, if the auth module knows; the socket is closed then. */
  expiresAt?: Date | null;
  /** The stored session id; with it the socket is ended as soon as the session is revoked. */
  sessionId?: string;
};

/** Resolves a token, or returns null (or throws) when it is invalid, expired or revoked. */
export type SocketAuthenticator = (token: string) => Promise<TokenPrincipal | null>;
