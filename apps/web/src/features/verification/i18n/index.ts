import { defineArea } from '../../../lib/i18n';

/** Email and phone verification: the banner, /verify-email and Profile's phone section (ADR 039). */
export const useVerificationT = defineArea({ 'en-IN': () => import('./en-IN.json'), 'hi-IN': () => import('./hi-IN.json') });
