import { StrictMode, useEffect } from 'react';
import { BrowserRouter } from 'react-router-dom';
import { App } from './App';
import { initialLocale } from './lib/locale';

/** Marks the page interactive once React has hydrated or rendered it (tests wait for `html[data-hydrated]`). */
function Hydrated() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return null;
}

/** The browser's whole tree: the app under the browser's router. */
export function Browser({ prerendered }: { prerendered: boolean }) {
  return (
    <StrictMode>
      <BrowserRouter>
        <App prerendered={prerendered} locale={initialLocale()} />
      </BrowserRouter>
      <Hydrated />
    </StrictMode>
  );
}
