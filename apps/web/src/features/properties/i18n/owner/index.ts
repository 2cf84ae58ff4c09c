import { defineArea } from '../../../../lib/i18n';

/** The owner's property pages: the list, the card's actions, Add Property and Edit Property (ADR 039). */
export const useOwnerPropertiesT = defineArea({ 'en-IN': () => import('./en-IN.json'), 'hi-IN': () => import('./hi-IN.json') });
