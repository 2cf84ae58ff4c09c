import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import type { Locale } from '@kiraya/contract/locales';
import { App } from './App';
import { preloadLocale } from './lib/i18n';

/**
 * Build-time render of a public page (the landing page) for scripts/prerender.mjs, in one language (ADR 039:
 * the landing page is prerendered once per locale). Touches no browser API.
 */
export async function render(location = '/', locale: Locale = 'en-IN'): Promise<string> {
  // The texts of every area the page shows, so that nothing suspends in renderToString.
  await preloadLocale(locale);
  return renderToString(
    <StrictMode>
      <StaticRouter location={location}>
        <App prerendered locale={locale} />
      </StaticRouter>
    </StrictMode>,
  );
}
