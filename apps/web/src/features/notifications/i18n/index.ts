import { defineArea } from '../../../lib/i18n';

/**
 * The bell's own texts (ADR 039). A notification's title and body come from the server, already in the
 * reader's language (it stores a kind and its parameters and puts them into words when read).
 */
export const useNotificationsT = defineArea({ 'en-IN': () => import('./en-IN.json'), 'hi-IN': () => import('./hi-IN.json') });
