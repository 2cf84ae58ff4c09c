import { defineArea } from '../../../lib/i18n';

/** Statistics and billings (owner and tenant): figures, charts, tables, filters, CSV export, TDS notices: texts (ADR 039). */
export const useStatsT = defineArea({ 'en-IN': () => import('./en-IN.json'), 'hi-IN': () => import('./hi-IN.json') });
