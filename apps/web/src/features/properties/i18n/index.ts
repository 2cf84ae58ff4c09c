import { defineArea } from '../../../lib/i18n';

/** The property list, its search and filters, and the cards (public pages and the tenant's Search) (ADR 039). */
export const usePropertiesT = defineArea({ 'en-IN': () => import('./en-IN.json'), 'hi-IN': () => import('./hi-IN.json') });

export type PropertiesT = ReturnType<typeof usePropertiesT>;
