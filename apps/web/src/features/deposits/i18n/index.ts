import { defineArea } from '../../../lib/i18n';

/** Texts of the security deposit screens (ADR 039). */
export const useDepositsT = defineArea({ 'en-IN': () => import('./en-IN.json'), 'hi-IN': () => import('./hi-IN.json') });
