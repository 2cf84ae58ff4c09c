import type { QueryClient } from '@tanstack/react-query';
import { createContext } from 'react';

/**
 * The query client the server renderer passes in (one per request). TanStack Query itself loads only with
 * the pages that fetch (QueryOutlet): the landing page keeps it off its critical path. Null in the browser,
 * where QueryOutlet uses the app-wide client.
 */
export const ServerQueryClient = createContext<QueryClient | null>(null);
