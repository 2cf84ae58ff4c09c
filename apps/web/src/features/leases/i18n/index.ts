import { defineArea } from '../../../lib/i18n';

/** Texts of the lease panel, its renewal and the lease notes (ADR 039). */
export const useLeasesT = defineArea({ 'en-IN': () => import('./en-IN.json'), 'hi-IN': () => import('./hi-IN.json') });
