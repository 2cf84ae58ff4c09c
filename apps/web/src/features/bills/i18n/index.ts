import { defineArea } from '../../../lib/i18n';

/** Texts of the bills screens (ADR 039). */
export const useBillsT = defineArea({ 'en-IN': () => import('./en-IN.json'), 'hi-IN': () => import('./hi-IN.json') });

/**
 * A bill type (the contract's English constant, as the API answers it) in the page's language, for every screen
 * that names a bill: `billType('Water Bill')`. An unknown type is shown as it came.
 */
export function useBillTypeLabel(): (type: string) => string {
  const t = useBillsT();
  return (type) => {
    const id = `billType.${type}` as Parameters<typeof t>[0];
    const text = t(id);
    return text === id ? type : text;
  };
}
