import type { QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import { ServerQueryClient } from './lib/queryClientSlot';
import { SessionProvider } from './lib/session';
import { AppRoutes } from './routes/AppRoutes';

// The toast host loads after the first paint: nothing toasts before the app has mounted,
// and the landing page keeps sonner off its critical path.
// Its settings come with it (the contract's constants module is not small).
const Toaster = lazy(() =>
  Promise.all([import('sonner'), import('@kiraya/contract/constants')]).then(([{ Toaster }, { TOAST }]) => ({
    default: () => <Toaster position={TOAST.position} duration={TOAST.duration} hotkey={[...TOAST.hotkey]} richColors closeButton />,
  })),
);

function Toasts() {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  if (!mounted) return null;
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
export function App({ prerendered = false, client }: { prerendered?: boolean; client?: QueryClient }) {
  return (
    <ServerQueryClient.Provider value={client ?? null}>
      <SessionProvider deferSavedUser={prerendered}>
        <AppRoutes />
        <Toasts />
      </SessionProvider>
    </ServerQueryClient.Provider>
  );
}
