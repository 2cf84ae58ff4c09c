import type { DehydratedState } from '@tanstack/react-query';
import { ApiError } from './api';

/** The id of the `<script type="application/json">` that carries the server-rendered query cache (ADR 015). */
export const SSR_STATE_ID = 'kiraya-state';

/** JSON safe inside a `<script>` element: no `</script>`, `<!--`, or U+2028/U+2029 line separators. */
export const scriptJson = (value: unknown): string =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/**
 * A refusal the server rendered (a paused or deleted listing: its 404) travels in the dehydrated cache as
 * `{ status, message, code }`, since JSON keeps no class: `reviveErrors` makes it an ApiError again before the
 * cache is hydrated, so the page the browser hydrates says what the server wrote ("This listing is not available").
 */
type WireError = { status: number; message: string; code?: string };

export const errorsToWire = (state: DehydratedState): DehydratedState => ({
  ...state,
  queries: state.queries.map((q) =>
    q.state.error instanceof ApiError
      ? {
          ...q,
          state: {
            ...q.state,
            // JSON, not an Error: `reviveErrors` makes it one again in the browser.
            error: {
              status: q.state.error.status,
              message: q.state.error.message,
              code: q.state.error.code,
            } as WireError as unknown as Error,
          },
        }
      : q,
  ),
});

export const reviveErrors = (state: DehydratedState): DehydratedState => ({
  ...state,
  queries: state.queries.map((q) => {
    const e = q.state.error as WireError | null | undefined;
    if (q.state.status !== 'error' || !e || typeof e.status !== 'number') return q;
    return { ...q, state: { ...q.state, error: new ApiError(e.status, String(e.message ?? ''), [], e.code as ApiError['code']) } };
  }),
});
