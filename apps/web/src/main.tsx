import { StrictMode, startTransition, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { App } from './App';
import './index.css';

// Every page but the landing page fetches: start loading TanStack Query (and the server-rendered cache,
// ADR 015) now rather than when React first reaches the route.
if (window.location.pathname !== '/') void import('./components/QueryOutlet').catch(() => {});

/** Marks the page interactive once React has hydrated or rendered it (tests wait for `html[data-hydrated]`). */
function Hydrated() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return null;
}

const root = document.getElementById('root') as HTMLElement;
// The landing page is prerendered at build time and the public listings are rendered by the server:
// hydrate those, render everything else.
const prerendered = root.firstElementChild !== null;
const app = (
  <StrictMode>
    <BrowserRouter>
      <App prerendered={prerendered} />
    </BrowserRouter>
    <Hydrated />
  </StrictMode>
);

// Hydrating inside a transition lets React yield to the browser between components instead of holding
// the main thread for the whole page (ADR 015: a phone stays responsive while the listings hydrate).
if (prerendered) startTransition(() => void hydrateRoot(root, app));
else createRoot(root).render(app);
