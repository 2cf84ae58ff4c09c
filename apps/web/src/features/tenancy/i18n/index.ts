import { defineArea } from '../../../lib/i18n';

/** The tenant's rooms, room detail and requests: texts (ADR 039). */
export const useTenancyT = defineArea({ 'en-IN': () => import('./en-IN.json'), 'hi-IN': () => import('./hi-IN.json') });
