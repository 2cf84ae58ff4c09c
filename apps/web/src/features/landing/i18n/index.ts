import { defineArea } from '../../../lib/i18n';

/** The landing page's texts (ADR 039). */
export const useLandingT = defineArea({ 'en-IN': () => import('./en-IN.json'), 'hi-IN': () => import('./hi-IN.json') });
