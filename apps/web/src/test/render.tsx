import type { ReactElement, ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ThemeProvider } from '@mui/material/styles';
import { type RenderResult, configure, render } from '@testing-library/react';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import type { LoginResponse } from '@vigil/contracts';
import { createAppTheme } from '../app/theme.ts';
import en from '../locales/en.json';
import zhTW from '../locales/zh-TW.json';
import { establishSession } from '../lib/session.ts';

// findBy/waitFor wait for what a user waits for; a lazy page chunk or a mocked answer can take
// more than the library's 1 s default on a busy machine, and waiting longer costs nothing when
// the element is already there.
configure({ asyncUtilTimeout: 5000 });

// Tests render with the full messages in both languages, synchronously.
if (!i18next.isInitialized) {
  void i18next.use(initReactI18next).init({
    lng: 'en',
    fallbackLng: false,
    resources: { en: { translation: en }, 'zh-TW': { translation: zhTW } },
    interpolation: { escapeValue: false },
    initAsync: false,
  });
}

export function signInAs(overrides: Partial<LoginResponse> = {}): void {
  establishSession({
    access_token: 'token-1',
    user: { name: 'Ada Chen', headshot: null, id: 7, org_id: 1, area_id: null },
    api: [],
    sidebar: [],
    router: 2,
    ...overrides,
  });
}

export function testQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
}

export function renderWithProviders(
  ui: ReactElement,
  options: { route?: string; client?: QueryClient; state?: unknown } = {},
): RenderResult & { client: QueryClient } {
  const client = options.client ?? testQueryClient();
  // A route may carry a query (`/educate?create=1`), which the router keeps apart from the path.
  const [pathname, search] = (options.route ?? '/').split('?');
  const Wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>
      <ThemeProvider theme={createAppTheme('light')}>
        <MemoryRouter initialEntries={[{ pathname, search: search ? `?${search}` : '', state: options.state }]}>{children}</MemoryRouter>
      </ThemeProvider>
    </QueryClientProvider>
  );
  return Object.assign(render(ui, { wrapper: Wrapper }), { client });
}

/** A fetch stand-in answering with the given status and JSON body. */
export function jsonResponse(status: number, body: unknown): Response {
  return new Response(body === undefined ? '' : JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}
