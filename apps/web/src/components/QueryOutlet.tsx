import { hydrate, QueryClientProvider } from '@tanstack/react-query';
import { useContext } from 'react';
import { Outlet } from 'react-router-dom';
import { queryClient } from '../lib/query';
import { ServerQueryClient } from '../lib/queryClientSlot';
import { reviveErrors, SSR_STATE_ID } from '../lib/ssrState';

// Server-rendered public pages carry the query cache they were rendered from (ADR 015): the same data,
// so hydration matches and nothing is fetched again. Read once, when this module first loads (before
// the page below renders). A listing that is gone comes with its refusal (reviveErrors).
if (typeof document !== 'undefined') {
  const state = document.getElementById(SSR_STATE_ID);
  if (state?.textContent) hydrate(queryClient, reviveErrors(JSON.parse(state.textContent)));
}

/** The layout of every route that fetches: provides the query client (lazily loaded with TanStack Query). */
export function QueryOutlet() {
  const client = useContext(ServerQueryClient) ?? queryClient;
  return (
    <QueryClientProvider client={client}>
      <Outlet />
    </QueryClientProvider>
  );
}
