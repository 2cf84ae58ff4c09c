import { defineArea } from '../../../lib/i18n';

/** Texts of the moderators' dashboard: the report queue, a reported target with its signals, the actions, the audit log (ADR 039). */
export const useAdminT = defineArea({ 'en-IN': () => import('./en-IN.json'), 'hi-IN': () => import('./hi-IN.json') });
