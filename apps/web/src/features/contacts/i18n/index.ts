import { defineArea } from '../../../lib/i18n';

/** Owner Details (with its image carousel) and Recently Viewed Property (ADR 039). */
export const useContactsT = defineArea({ 'en-IN': () => import('./en-IN.json'), 'hi-IN': () => import('./hi-IN.json') });
