import { defineArea } from '../../../lib/i18n';

/** Texts of the Report button and the report dialog; the contract's reasons keyed by value (ADR 039). */
export const useReportsT = defineArea({ 'en-IN': () => import('./en-IN.json'), 'hi-IN': () => import('./hi-IN.json') });
