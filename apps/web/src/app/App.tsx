import { Suspense, lazy } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { PageLoader } from '../components/PageLoader.tsx';
import { loadAllMessages } from '../lib/i18n.ts';
import { isSignedIn, useSession } from '../lib/session.ts';

/**
 * The two top-level routes load separately: the sign-in page alone is small, and the shell (with
 * TanStack Query, notistack, forms and icons) is fetched only once someone is signed in.
 */
const LoginPage = lazy(() => import('../features/auth/pages/LoginPage.tsx'));
const Shell = lazy(async () => {
  const [module] = await Promise.all([import('./shell/Shell.tsx'), loadAllMessages()]);
  return module;
});

function LoginRoute() {
  const session = useSession();
  if (isSignedIn(session)) return <Navigate to="/" replace />;
  return <LoginPage />;
}

function ShellRoute() {
  const session = useSession();
  if (!isSignedIn(session)) return <Navigate to="/login" replace />;
  return <Shell />;
}

export function App() {
  return (
    <Suspense fallback={<PageLoader fullScreen />}>
      <Routes>
        <Route path="/login" element={<LoginRoute />} />
        <Route path="/*" element={<ShellRoute />} />
      </Routes>
    </Suspense>
  );
}
