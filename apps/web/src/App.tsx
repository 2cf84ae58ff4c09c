import { QueryClientProvider } from '@tanstack/react-query';
import { Toaster } from 'sonner';
import { TOAST } from '@kiraya/contract';
import { queryClient } from './lib/query';
import { SessionProvider } from './lib/session';
import { AppRoutes } from './routes/AppRoutes';

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <SessionProvider>
        <AppRoutes />
        <Toaster position={TOAST.position} duration={TOAST.duration} hotkey={[...TOAST.hotkey]} richColors closeButton />
      </SessionProvider>
    </QueryClientProvider>
  );
}
