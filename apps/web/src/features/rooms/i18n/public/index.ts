import { defineArea } from '../../../../lib/i18n';

/**
 * The public property page's texts (/properties/{id} and the tenant's Search/{id}): the page, its photos, its
 * facts and its room cards (ADR 039). Apart from the rest of the rooms area (`../`), which the owner's pages load.
 */
export const usePublicRoomsT = defineArea({ 'en-IN': () => import('./en-IN.json'), 'hi-IN': () => import('./hi-IN.json') });
