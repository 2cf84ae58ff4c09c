import { defineArea } from '../../../lib/i18n';

/** Sign in, sign up and the password reset pages (ADR 039). */
export const useAuthT = defineArea({ 'en-IN': () => import('./en-IN.json'), 'hi-IN': () => import('./hi-IN.json') });
