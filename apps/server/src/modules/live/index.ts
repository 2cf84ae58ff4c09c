/** The live events module's front door (ADR 017). Modules publish with `publishLive` from lib/live.ts. */
export { liveRoutes } from './routes.js';
export { LIVE_LIMITS, liveHubFor } from './hub.js';
