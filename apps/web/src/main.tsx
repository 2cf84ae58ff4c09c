import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { App } from './App';
import './index.css';

const root = document.getElementById('root') as HTMLElement;
// The landing page is prerendered at build time; hydrate it, render everything else.
const prerendered = root.firstElementChild !== null;
const app = (
  <StrictMode>
    <BrowserRouter>
      <App prerendered={prerendered} />
    </BrowserRouter>
  </StrictMode>
);

if (prerendered) hydrateRoot(root, app);
else createRoot(root).render(app);
