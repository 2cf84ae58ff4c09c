import { defineArea } from '../../../lib/i18n';

/** The owner's and tenant's dashboard homes: texts (ADR 039). */
export const useDashboardT = defineArea({ 'en-IN': () => import('./en-IN.json'), 'hi-IN': () => import('./hi-IN.json') });
