import { defineArea } from '../../lib/i18n';

/** Texts of the shared pieces: src/components, src/lib and src/routes (ADR 039). */
export const useSharedT = defineArea({ 'en-IN': () => import('./en-IN.json'), 'hi-IN': () => import('./hi-IN.json') });
