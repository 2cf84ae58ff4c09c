import { defineArea } from '../../../lib/i18n';

/**
 * Texts of the shared pieces that the landing page never shows (ADR 039): dialogs, form parts, the dashboards'
 * frame and route table. `../` holds the few every page needs (the public header and footer, the switch), kept
 * small for the landing page's budget.
 */
export const useCommonT = defineArea({ 'en-IN': () => import('./en-IN.json'), 'hi-IN': () => import('./hi-IN.json') });
