import { TOAST } from '@kiraya/contract/constants';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import { queryClient } from './lib/query';
import { SessionProvider } from './lib/session';
import { AppRoutes } from './routes/AppRoutes';

// The toast host loads after the first paint: nothing toasts before the app has mounted,
// and the landing page keeps sonner off its critical path.
const Toaster = lazy(() => import('sonner').then((m) => ({ default: m.Toaster })));

function Toasts() {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  if (!mounted) return null;
  return (
    <Suspense fallback={null}>
      <Toaster position={TOAST.position} duration={TOAST.duration} hotkey={[...TOAST.hotkey]} richColors closeButton />
    </Suspense>
  );
}

/**
 * The whole app below the router. `prerendered` is true while hydrating the build-time HTML
 * (and while producing it): the saved user is then restored after the first render. The server renderer
 * passes its own per-request `client`.
 */
export function App({ prerendered = false, client = queryClient }: { prerendered?: boolean; client?: QueryClient }) {
  return (
    <QueryClientProvider client={client}>
      <SessionProvider deferSavedUser={prerendered}>
        <AppRoutes />
        <Toasts />
      </SessionProvider>
    </QueryClientProvider>
  );
}
