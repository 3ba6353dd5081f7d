import { Suspense, lazy } from 'react';
import { describe, expect, it } from 'vitest';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { Link, Route, Routes, useLocation } from 'react-router';
import { testQueryClient } from '../../test/render.tsx';
import { PendingBrowserRouter } from '../PendingBrowserRouter.tsx';
import { RouteProgress } from './RouteProgress.tsx';

/** A lazy page whose chunk arrives only when the test says so. */
function deferredPage() {
  let arrive!: () => void;
  const chunk = new Promise<{ default: () => React.JSX.Element }>((resolve) => {
    arrive = () => resolve({ default: () => <h1>Next page</h1> });
  });
  return { Page: lazy(() => chunk), arrive };
}

/** Stands for the top bar's title, which the shell derives from the location React has rendered. */
function Title() {
  return <p data-testid="title">{useLocation().pathname}</p>;
}

describe('<RouteProgress>', () => {
  it('shows while a navigation waits for its page, keeping the old page, and goes when the page arrives', async () => {
    window.history.replaceState(null, '', '/');
    const { Page, arrive } = deferredPage();
    render(
      <QueryClientProvider client={testQueryClient()}>
        <PendingBrowserRouter>
          <RouteProgress />
          <Title />
          <Suspense fallback={<p>fallback</p>}>
            <Routes>
              <Route
                path="/"
                element={
                  <>
                    <h1>Old page</h1>
                    <Link to="/next">Go</Link>
                  </>
                }
              />
              <Route path="/next" element={<Page />} />
            </Routes>
          </Suspense>
        </PendingBrowserRouter>
      </QueryClientProvider>,
    );
    expect(screen.queryByRole('progressbar')).toBeNull();

    await userEvent.click(screen.getByRole('link', { name: 'Go' }));
    expect(await screen.findByRole('progressbar', { name: 'Loading content' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Old page' })).toBeTruthy();
    expect(screen.queryByText('fallback')).toBeNull();
    // The title still names the page on screen, not the one still loading.
    expect(screen.getByTestId('title').textContent).toBe('/');

    await act(async () => arrive());
    expect(await screen.findByRole('heading', { name: 'Next page' })).toBeTruthy();
    expect(screen.getByTestId('title').textContent).toBe('/next');
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('shows while a query fetches its first answer', async () => {
    const client = testQueryClient();
    let answer!: (value: number) => void;
    void client.prefetchQuery({ queryKey: ['first'], queryFn: () => new Promise<number>((resolve) => (answer = resolve)) });
    render(
      <QueryClientProvider client={client}>
        <PendingBrowserRouter>
          <RouteProgress />
        </PendingBrowserRouter>
      </QueryClientProvider>,
    );
    expect(await screen.findByRole('progressbar', { name: 'Loading content' })).toBeTruthy();
    await act(async () => answer(1));
    await waitFor(() => expect(screen.queryByRole('progressbar')).toBeNull());
  });
});
