import type { QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { ErrorBoundary } from './components/ErrorBoundary';
import { PATHS } from './lib/paths';
import { ScrollManager } from './components/ScrollManager';
import type { AppLocale } from './lib/i18n';
import { LocaleRoot } from './lib/locale';
import { ServerQueryClient } from './lib/queryClientSlot';
import { SessionProvider } from './lib/session';
import { AppRoutes } from './routes/AppRoutes';

// The toast host and its settings (the contract's constants module is not small) load with the first page
// that can toast: nothing on the landing page does (it calls no API), so it stays off that page entirely.
// Once loaded it stays, so a toast raised on the way back to / (a logout) still shows; sonner also replays
// toasts raised before its host mounted.
const Toaster = lazy(() => import('./components/ToastHost').then(({ ToastHost }) => ({ default: ToastHost })));

function Toasts() {
  const { pathname } = useLocation();
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    if (pathname !== PATHS.home) setWanted(true);
  }, [pathname]);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}

/**
 * The whole app below the router. `prerendered` is true while hydrating the build-time HTML
 * (and while producing it): the saved user is then restored after the first render. The server renderer
 * passes its own per-request `client`; the
 * browser's loads with TanStack Query in QueryOutlet, the layout of every route that fetches.
 */
export function App({
  prerendered = false,
  client,
  locale = 'en-IN',
}: {
  prerendered?: boolean;
  client?: QueryClient;
  /** The page's language (ADR 039): the server's, when it rendered the page. */
  locale?: AppLocale;
}) {
  return (
    <LocaleRoot initial={locale}>
      <ServerQueryClient.Provider value={client ?? null}>
        <SessionProvider deferSavedUser={prerendered}>
          {/* A page that throws, or whose code fails to load, shows a card with a reload instead of a blank page. */}
          <ErrorBoundary variant="app">
            <ScrollManager />
            <AppRoutes />
            <Toasts />
          </ErrorBoundary>
        </SessionProvider>
      </ServerQueryClient.Provider>
    </LocaleRoot>
  );
}
