import { defineArea } from '../../../lib/i18n';

/** The owner's rooms dashboard (room cards, add/edit room, assign tenant, invitations, vacate): texts (ADR 039). */
export const useRoomsT = defineArea({ 'en-IN': () => import('./en-IN.json'), 'hi-IN': () => import('./hi-IN.json') });
