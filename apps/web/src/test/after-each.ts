/**
 * What every page test leaves behind, undone after each test. A setup file runs for every test
 * file, and the web project shares its modules between the files of a worker (`isolate: false`):
 * a hook registered by a shared helper module would run only in the first file that imported it.
 */
import { cleanup } from '@testing-library/react';
import i18next from 'i18next';
import { afterAll, afterEach, vi } from 'vitest';
import { clearSession } from '../lib/session.ts';

afterEach(() => {
  cleanup();
  clearSession('logout');
  window.localStorage.clear();
  window.sessionStorage.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  if (i18next.isInitialized) void i18next.changeLanguage('en');
});

// A file may fake the clock for all of its tests; the next file in the worker starts on real time.
afterAll(() => {
  vi.useRealTimers();
});
