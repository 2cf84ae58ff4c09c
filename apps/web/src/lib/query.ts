import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api';

/**
 * One retry for a network failure or a server error; none for a refusal the same request would get again
 * (a 4xx other than 408 and 429: a paused or deleted listing says so at once instead of after a retry).
 */
export const retryOnce = (failures: number, error: unknown): boolean =>
  failures < 1 && !(error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 408 && error.status !== 429);

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { staleTime: 30_000, retry: retryOnce, refetchOnWindowFocus: false },
  },
});
