/** Names the service worker (src/sw/sw.ts) and the page share (issue 27, ADR 035). */
export const API_CACHE = 'kiraya-api';
/** Set on an API answer the service worker took from its cache (the network failed): the answer's Date. */
export const OFFLINE_HEADER = 'x-kiraya-offline';
export const SW_MESSAGES = { skipWaiting: 'SKIP_WAITING', clearApi: 'CLEAR_API_CACHE' } as const;
