import { defineArea } from '../../../lib/i18n';

/** A room's documents: texts (ADR 039). */
export const useDocumentsT = defineArea({ 'en-IN': () => import('./en-IN.json'), 'hi-IN': () => import('./hi-IN.json') });
