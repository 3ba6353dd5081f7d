import type { LoginResponse, SessionUser, SidebarItem } from '@vigil/contracts';
import { type AllowedRoutes, PermissionBucket, permissionBucket, toAllowedRoutes } from '@vigil/contracts/permission-keys';
import { apiCatalogue } from '@vigil/contracts/api-catalogue';
import { HISTORY_ENTRIES } from '@vigil/contracts/rules';
import { Role, isStaffRole } from '@vigil/contracts/roles';
import type { HttpMethod } from '@vigil/contracts';
import { StorageKey, readJson, removeItem, writeItem } from './storage.ts';
import { createStore, useStore } from './store.ts';
import { clearActivity, setActivity } from './idle.ts';

/** SPEC §3 session state, persisted in localStorage as one JSON value. */
export type Session = {
  token: string | null;
  /** Role number of SPEC §6; -1 (guest) when signed out. */
  role: number;
  user: SessionUser | null;
  allowed: AllowedRoutes;
  sidebar: SidebarItem[];
  /** Last visited paths, newest last (SPEC §4: at most five, no repeat of the last entry). */
  history: string[];
};

/** Why the last session ended, so the sign-in page can say so; kept in memory only. */
export type SessionEnd = 'logout' | 'expired' | 'idle' | null;

const emptyAllowed = (): AllowedRoutes => ({ GET: [], GETINFO: [], POST: [], PATCH: [], DELETE: [], PUT: [] });

export const guestSession: Session = Object.freeze({
  token: null,
  role: Role.guest,
  user: null,
  allowed: emptyAllowed(),
  sidebar: [],
  history: [],
});

/** Accept a stored value only if its shape is sound; a tampered or outdated value means guest. */
function restore(raw: unknown): Session {
  if (!raw || typeof raw !== 'object') return guestSession;
  const s = raw as Partial<Session>;
  if (typeof s.token !== 'string' || typeof s.role !== 'number' || !s.user || typeof s.user !== 'object') return guestSession;
  const allowed = emptyAllowed();
  for (const bucket of PermissionBucket) {
    const list = s.allowed?.[bucket];
    if (Array.isArray(list)) allowed[bucket] = list.filter((r): r is string => typeof r === 'string');
  }
  return {
    token: s.token,
    role: s.role,
    user: s.user,
    allowed,
    sidebar: Array.isArray(s.sidebar) ? s.sidebar : [],
    history: Array.isArray(s.history) ? s.history.filter((p): p is string => typeof p === 'string').slice(-HISTORY_ENTRIES) : [],
  };
}

export const sessionStore = createStore<Session>(restore(readJson(StorageKey.session)));
export const sessionEndStore = createStore<SessionEnd>(null);

function persist(session: Session): void {
  if (session.token === null) removeItem(StorageKey.session);
  else writeItem(StorageKey.session, JSON.stringify(session));
}

function update(next: Session): void {
  sessionStore.set(next);
  persist(next);
}

/** Signed in means a token and a role the console knows; anything else is treated as a guest. */
export function isSignedIn(session: Session = sessionStore.get()): boolean {
  return session.token !== null && isStaffRole(session.role);
}

export function getToken(): string | null {
  return sessionStore.get().token;
}

export function establishSession(login: LoginResponse): void {
  sessionEndStore.set(null);
  setActivity(Date.now());
  update({
    token: login.access_token,
    role: login.router,
    user: login.user,
    allowed: toAllowedRoutes(login.api),
    sidebar: login.sidebar,
    history: [],
  });
}

/** SPEC §4: logout and an expired token clear everything and reset the role to guest. */
export function clearSession(reason: Exclude<SessionEnd, null>): void {
  sessionEndStore.set(reason);
  clearActivity();
  update(guestSession);
}

export function updateSessionUser(patch: Partial<SessionUser>): void {
  const current = sessionStore.get();
  if (!current.user) return;
  update({ ...current, user: { ...current.user, ...patch } });
}

export function setSidebar(sidebar: SidebarItem[]): void {
  const current = sessionStore.get();
  if (current.token === null) return;
  update({ ...current, sidebar });
}

/** Pure history rule of SPEC §4, exported for its test. */
export function appendHistory(history: readonly string[], path: string): string[] {
  if (history[history.length - 1] === path) return [...history];
  return [...history, path].slice(-HISTORY_ENTRIES);
}

export function recordVisit(path: string): void {
  const current = sessionStore.get();
  if (current.token === null || current.history[current.history.length - 1] === path) return;
  update({ ...current, history: appendHistory(current.history, path) });
}

let known: Set<string> | undefined;
/** Every catalogue route as its permission bucket and bare route, as sessions store them. */
function knownKeys(): Set<string> {
  known ??= new Set(
    apiCatalogue.map((key) => {
      const [method, route] = key.split(' ') as [HttpMethod, string];
      const bucketed = permissionBucket({ method, route });
      return `${bucketed.bucket} ${bucketed.route}`;
    }),
  );
  return known;
}

/**
 * Whether the permission list allows `method route`. Routes may be written with or without the
 * `/{id}` suffix: they are bucketed by the same SPEC §3 rule the session used when storing them.
 */
export function hasPermission(session: Session, method: HttpMethod, route: string): boolean {
  const { bucket, route: bare } = permissionBucket({ method, route });
  // A page asking for a key the server never grants is disabled for everyone, silently (the
  // scheduled-reports form once was): in development and tests such a question fails loudly.
  if (import.meta.env.DEV && !knownKeys().has(`${bucket} ${bare}`))
    throw new Error(`No API permission ${method} ${route}: the catalogue has no such route`);
  return session.allowed[bucket].includes(bare);
}

export function useSession(): Session {
  return useStore(sessionStore);
}

export function usePermission(method: HttpMethod, route: string): boolean {
  return hasPermission(useSession(), method, route);
}

/** Another tab signing in or out changes this one too, so both never disagree about the user. */
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key !== StorageKey.session && event.key !== null) return;
    sessionStore.set(restore(readJson(StorageKey.session)));
  });
}
