import { defineArea } from '../../../lib/i18n';

/** Profile: the account, password, language, email and push settings (ADR 039). */
export const useProfileT = defineArea({ 'en-IN': () => import('./en-IN.json'), 'hi-IN': () => import('./hi-IN.json') });
