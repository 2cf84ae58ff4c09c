import { defineArea } from '../../../lib/i18n';

/** Texts of the payout account and the payouts list (ADR 039). */
export const usePayoutsT = defineArea({ 'en-IN': () => import('./en-IN.json'), 'hi-IN': () => import('./hi-IN.json') });
