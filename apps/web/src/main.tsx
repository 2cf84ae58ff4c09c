import { hydrate } from '@tanstack/react-query';
import { StrictMode, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { App } from './App';
import { queryClient } from './lib/query';
import { SSR_STATE_ID } from './lib/ssrState';
import './index.css';

// Server-rendered public pages carry the query cache they were rendered from (ADR 015): the same data,
// so hydration matches and nothing is fetched again.
const state = document.getElementById(SSR_STATE_ID);
if (state?.textContent) hydrate(queryClient, JSON.parse(state.textContent));

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

if (prerendered) hydrateRoot(root, app);
else createRoot(root).render(app);
