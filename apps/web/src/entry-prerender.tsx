import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { App } from './App';

/** Build-time render of a public page (the landing page) for scripts/prerender.mjs. Touches no browser API. */
export function render(location = '/'): string {
  return renderToString(
    <StrictMode>
      <StaticRouter location={location}>
        <App prerendered />
      </StaticRouter>
    </StrictMode>,
  );
}
