import { pathTo } from '@kiraya/contract/paths';
import { defaultShouldDehydrateQuery, dehydrate, QueryClient } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { matchPath, StaticRouter } from 'react-router-dom';
import type { Locale } from '@kiraya/contract/locales';
import { App } from './App';
import { readFilters } from './features/properties/filters';
import { ApiError, buildUrl } from './lib/api';
import { PATHS } from './lib/paths';
import { queryKeys } from './lib/queryKeys';
import { errorsToWire, scriptJson, SSR_STATE_ID } from './lib/ssrState';

/** Answers an API GET (path with query, under API_BASE) as the client would receive it: status and JSON body. */
export type Load = (url: string) => Promise<{ status: number; body: { data?: unknown; meta?: unknown } }>;

export type Rendered = {
  /** 404 when the page's main data is missing (a paused or deleted listing: the page then says it is not available). */
  status: number;
  html: string;
  /** `<script type="application/json">` with the dehydrated query cache. */
  state: string;
  /** What the page shows, for the server's metadata: the property and its rooms, or the list page. */
  data: { property?: unknown; rooms?: unknown; list?: unknown };
};

// prerender waits for everything (the lazily loaded page components too), so the HTML is the finished page:
// no spinner and no inline streaming scripts (the CSP allows none). React outlines a boundary bigger than
// `progressiveChunkSize` behind its fallback and an inline script; a page is never split that way here.
async function renderApp(url: string, client: QueryClient, locale: Locale): Promise<string> {
  const { prelude } = await prerender(
    <StrictMode>
      <StaticRouter location={url}>
        <App prerendered client={client} locale={locale} />
      </StaticRouter>
    </StrictMode>,
    { progressiveChunkSize: Number.MAX_SAFE_INTEGER },
  );
  return new Response(prelude).text();
}

/**
 * Renders a public page (/properties with its filters, /properties/{id}) with its data: the query cache is
 * filled through `load` (the same API paths and query keys the client uses), the same React tree renders
 * at the URL, and the cache is dehydrated for the client to hydrate without fetching again. `locale` is the
 * request's language (the server resolves it, ADR 039); `prerender` waits for its catalogues like for lazy pages.
 */
export async function render(url: string, load: Load, locale: Locale = 'en-IN'): Promise<Rendered> {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: 30_000, retry: false } } });
  const u = new URL(url, 'http://x');
  const data: Rendered['data'] = {};
  let status = 200;
  let gone = false;
  const one = matchPath('/properties/:id', u.pathname);
  if (u.pathname === PATHS.properties) {
    const f = readFilters(u.searchParams);
    const query = { ...f, sort: f.sort && f.sort !== 'newest' ? f.sort : undefined, page: f.page && f.page > 1 ? f.page : undefined };
    const res = await load(buildUrl(pathTo('publicProperties'), query));
    if (res.status !== 200) status = res.status;
    else {
      data.list = { items: res.body.data, meta: res.body.meta };
      client.setQueryData(queryKeys.properties.public(f), data.list);
    }
  } else if (one?.params.id) {
    const id = one.params.id;
    const [p, r] = await Promise.all([load(buildUrl(pathTo('property', { id }))), load(buildUrl(pathTo('rooms', { propertyId: id })))]);
    if (p.status !== 200 || r.status !== 200) {
      status = p.status !== 200 ? p.status : r.status;
      // The page says "This listing is not available" from the first byte (not after a client fetch): the
      // property's query holds the refusal, rendered and dehydrated like data.
      if (status === 404 || status === 400) {
        const key = queryKeys.properties.one(id);
        client
          .getQueryCache()
          .build(client, { queryKey: key })
          .setState({
            status: 'error',
            error: new ApiError(status, ''),
            errorUpdatedAt: Date.now(),
            fetchStatus: 'idle',
          });
        gone = true;
      }
    } else {
      data.property = p.body.data;
      data.rooms = r.body.data;
      client.setQueryData(queryKeys.properties.one(id), data.property);
      client.setQueryData(queryKeys.rooms.list(id), data.rooms);
    }
  } else status = 404;
  if (status !== 200 && !gone) return { status, html: '', state: '', data };
  const html = await renderApp(url, client, locale);
  const dehydrated = dehydrate(client, { shouldDehydrateQuery: (q) => defaultShouldDehydrateQuery(q) || q.state.status === 'error' });
  const state = `<script id="${SSR_STATE_ID}" type="application/json">${scriptJson(errorsToWire(dehydrated))}</script>`;
  client.clear();
  return { status, html, state, data };
}
