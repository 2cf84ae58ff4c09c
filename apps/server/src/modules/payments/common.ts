import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../../deps.js';

/** What the payments service files share: their deps, their log, and the rows of a raw query. */

export type Deps = Pick<AppDeps, 'db' | 'config'>;
export type Log = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
export const silent: Log = { info: () => {}, warn: () => {}, error: () => {} };

/** The rows of a raw query, whichever driver ran it. */
export { rowsOf } from '../../lib/sql.js';
