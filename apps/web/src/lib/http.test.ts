import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { jsonResponse, signInAs } from '../test/render.tsx';
import { ApiError, errorMessageKey, request } from './http.ts';
import { setToastSink, type Toast } from './notify.ts';
import { sessionEndStore, sessionStore } from './session.ts';

function mockFetch(status: number, body: unknown) {
  const fn = vi.fn(async (_url: string, _init?: RequestInit) => jsonResponse(status, body));
  vi.stubGlobal('fetch', fn);
  return fn;
}

function collectToasts(): Toast[] {
  const toasts: Toast[] = [];
  setToastSink((t) => toasts.push(t));
  return toasts;
}

afterEach(() => {
  vi.unstubAllGlobals();
  setToastSink(null);
});

describe('http client', () => {
  it('sends the bearer token and unwraps the data envelope after checking its schema', async () => {
    signInAs();
    const fetch = mockFetch(200, { data: { id: 3, name: 'Ada' } });
    const data = await request('/personal', { schema: z.object({ id: z.number(), name: z.string() }), query: { page: 1, types: [1, 2], name: undefined } });
    expect(data).toEqual({ id: 3, name: 'Ada' });
    const [url, init] = fetch.mock.calls[0];
    expect(url).toBe('/api/personal?page=1&types=1%2C2');
    expect(new Headers(init?.headers).get('Authorization')).toBe('Bearer token-1');
  });

  it('rejects a response that breaks its contract with a System error toast', async () => {
    const toasts = collectToasts();
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    mockFetch(200, { data: { id: 'three' } });
    await expect(request('/x', { schema: z.object({ id: z.number() }) })).rejects.toBeInstanceOf(ApiError);
    expect(toasts).toEqual([{ variant: 'error', key: 'error.system' }]);
    expect(log).toHaveBeenCalled();
    log.mockRestore();
  });

  it('treats a 202 carrying a code as an error and toasts the code message', async () => {
    const toasts = collectToasts();
    mockFetch(202, { code: -6, message: 'Duplicate data' });
    await expect(request('/x', { method: 'POST', body: {} })).rejects.toMatchObject({ status: 202, code: -6 });
    expect(toasts[0].key).toBe('error.duplicate');
  });

  it('ends the session on code -1', async () => {
    signInAs();
    mockFetch(401, { code: -1, message: 'Token expired' });
    await expect(request('/personal')).rejects.toMatchObject({ code: -1 });
    expect(sessionStore.get().token).toBeNull();
    expect(sessionEndStore.get()).toBe('expired');
  });

  it('chooses the message by code, then status; 500 and unknown are System error', () => {
    expect(errorMessageKey(401, -2)).toBe('error.loginFailed');
    expect(errorMessageKey(403, -4)).toBe('error.accountDisabled');
    expect(errorMessageKey(422, -5)).toBe('error.validationFailed');
    expect(errorMessageKey(404, null)).toBe('error.notFound');
    expect(errorMessageKey(500, null)).toBe('error.system');
    expect(errorMessageKey(418, null)).toBe('error.system');
    expect(errorMessageKey(0, null)).toBe('error.system');
  });

  it('shows Download Failed for a failed download and keeps quiet when asked', async () => {
    const toasts = collectToasts();
    mockFetch(404, { code: -7, message: 'not found' });
    await expect(request('/file/report/x.pdf', { blob: true, failureKey: 'error.downloadFailed' })).rejects.toBeInstanceOf(ApiError);
    await expect(request('/login', { method: 'POST', silent: true })).rejects.toBeInstanceOf(ApiError);
    expect(toasts).toEqual([{ variant: 'error', key: 'error.downloadFailed' }]);
  });

  it('reports a lost connection as a System error with status 0', async () => {
    const toasts = collectToasts();
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    await expect(request('/x')).rejects.toMatchObject({ status: 0 });
    expect(toasts[0].key).toBe('error.system');
  });
});
