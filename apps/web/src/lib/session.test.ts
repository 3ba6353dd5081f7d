import { describe, expect, it } from 'vitest';
import '../test/render.tsx';
import { signInAs } from '../test/render.tsx';
import { appendHistory, clearSession, guestSession, hasPermission, isSignedIn, recordVisit, sessionEndStore, sessionStore } from './session.ts';

describe('session', () => {
  it('stores token, role, user, bucketed routes and sidebar on sign-in, persisted in localStorage', () => {
    signInAs({
      api: [
        { route: '/user', method: 'GET' },
        { route: '/user/{id}', method: 'GET' },
        { route: '/user/{id}', method: 'PUT' },
        { route: '/user/enable/{id}', method: 'PATCH' },
      ],
      sidebar: [{ path: '/member', i18n: 'menu.member', type: 1, name: 'member', lower: [] }],
    });
    const s = sessionStore.get();
    expect(s.token).toBe('token-1');
    expect(s.role).toBe(2);
    expect(s.allowed.GET).toEqual(['/user']);
    expect(s.allowed.GETINFO).toEqual(['/user']);
    expect(s.allowed.PUT).toEqual(['/user']);
    expect(s.allowed.PATCH).toEqual(['/user/enable']);
    expect(JSON.parse(window.localStorage.getItem('session')!).token).toBe('token-1');
    expect(isSignedIn()).toBe(true);
    expect(hasPermission(s, 'PUT', '/user/{id}')).toBe(true);
    expect(hasPermission(s, 'DELETE', '/user/{id}')).toBe(false);
  });

  it('clears everything on logout and resets the role to guest', () => {
    signInAs();
    recordVisit('/member');
    clearSession('logout');
    expect(sessionStore.get()).toEqual(guestSession);
    expect(sessionStore.get().role).toBe(-1);
    expect(window.localStorage.getItem('session')).toBeNull();
    expect(sessionEndStore.get()).toBe('logout');
  });

  it('keeps five visited paths, skipping a repeat of the last and dropping the oldest', () => {
    expect(appendHistory(['/a'], '/a')).toEqual(['/a']);
    expect(appendHistory(['/a', '/b', '/c', '/d', '/e'], '/f')).toEqual(['/b', '/c', '/d', '/e', '/f']);
    expect(appendHistory(['/a', '/b'], '/a')).toEqual(['/a', '/b', '/a']);
    signInAs();
    for (const p of ['/1', '/2', '/2', '/3', '/4', '/5', '/6']) recordVisit(p);
    expect(sessionStore.get().history).toEqual(['/2', '/3', '/4', '/5', '/6']);
  });

  it('treats a token with an unknown role as signed out (the guest table)', () => {
    signInAs({ router: 99 });
    expect(isSignedIn()).toBe(false);
  });
});
