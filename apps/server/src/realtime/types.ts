import type { StaffRole } from '@vigil/contracts';
import type { ApiPermission } from '@vigil/contracts';

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
};

/** Resolves a token, or returns null (or throws) when it is invalid, expired or revoked. */
export type SocketAuthenticator = (token: string) => Promise<TokenPrincipal | null>;
