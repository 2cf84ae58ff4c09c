import { MutationCache, QueryClient } from '@tanstack/react-query';
import { MSG } from '@kiraya/contract/messages';
import { ApiError, isOfflineRefusal } from './api';
import { msgNow } from './useMsg';

/**
 * One retry for a network failure or a server error; none for a refusal the same request would get again
 * (a 4xx other than 408 and 429: a paused or deleted listing says so at once instead of after a retry).
 */
export const retryOnce = (failures: number, error: unknown): boolean =>
  failures < 1 && !(error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 408 && error.status !== 429);

/**
 * A change refused because the browser is offline says so, whatever the form's own error handling shows
 * (issue 27: nothing that writes pretends to work offline). One toast however many changes were tried.
 */
export const offlineNotice = (error: unknown): void => {
  if (isOfflineRefusal(error)) void import('sonner').then(({ toast }) => toast.error(msgNow(MSG.offlineWrite), { id: 'offline-write' }));
};

export const queryClient = new QueryClient({
  mutationCache: new MutationCache({ onError: offlineNotice }),
  defaultOptions: {
    // 'offlineFirst': a query runs even when the browser says it is offline, so the service worker can answer it
    // from its cache (issue 27: My Rooms, Billings and receipts offline); a write runs too and fails at once with
    // the API client's offline message, instead of waiting paused as if it would be saved later.
    queries: { staleTime: 30_000, retry: retryOnce, refetchOnWindowFocus: false, networkMode: 'offlineFirst' },
    mutations: { networkMode: 'always' },
  },
});
