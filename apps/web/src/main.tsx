import './lib/zod-jitless.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { AppThemeProvider } from './app/AppThemeProvider.tsx';
import { PendingBrowserRouter } from './app/PendingBrowserRouter.tsx';
import { initI18n } from './lib/i18n.ts';
import { isSignedIn } from './lib/session.ts';

// Text must be ready before the first paint, or the sign-in page would flash raw keys.
await initI18n(undefined, isSignedIn() ? 'full' : 'boot');

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppThemeProvider>
      <PendingBrowserRouter>
        <App />
      </PendingBrowserRouter>
    </AppThemeProvider>
  </StrictMode>,
);
