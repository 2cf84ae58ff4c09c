import { defineArea } from '../../../lib/i18n';

/** The development mailbox and the unsubscribe page (ADR 039). */
export const useMailT = defineArea({ 'en-IN': () => import('./en-IN.json'), 'hi-IN': () => import('./hi-IN.json') });
