import { TOAST } from '@kiraya/contract/constants';
import { QueryClientProvider } from '@tanstack/react-query';
import { Toaster } from 'sonner';
import { queryClient } from './lib/query';
import { SessionProvider } from './lib/session';
import { AppRoutes } from './routes/AppRoutes';

/**
 * The whole app below the router. `prerendered` is true while hydrating the build-time HTML
 * (and while producing it): the saved user is then restored after the first render.
 */
export function App({ prerendered = false }: { prerendered?: boolean }) {
  return (
    <QueryClientProvider client={queryClient}>
      <SessionProvider deferSavedUser={prerendered}>
        <AppRoutes />
        <Toaster position={TOAST.position} duration={TOAST.duration} hotkey={[...TOAST.hotkey]} richColors closeButton />
      </SessionProvider>
    </QueryClientProvider>
  );
}
