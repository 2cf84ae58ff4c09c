import './index.css';

// Every page but the landing page fetches: start loading TanStack Query (and the server-rendered cache,
// ADR 015) now rather than when React first reaches the route.
if (window.location.pathname !== '/') void import('./components/QueryOutlet').catch(() => {});

const root = document.getElementById('root') as HTMLElement;
// The landing page is prerendered at build time and the public listings are rendered by the server:
// hydrate those, render everything else.
const prerendered = root.firstElementChild !== null;

/** Lets the browser paint and handle input before the next step. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * React DOM, then the app's modules, then the hydration, each in a task of its own (issue 12): evaluated
 * as one module graph they were a single 60 ms task on a mid-range phone, during which a tap waits.
 * Both chunks are fetched at once (modulepreload), so the split costs no round trip.
 */
async function start() {
  const [{ createRoot, hydrateRoot }, { startTransition, createElement }] = await Promise.all([
    import('react-dom/client'),
    import('react'),
  ]);
  await nextTask();
  const { Browser } = await import('./Browser');
  await nextTask();
  const app = createElement(Browser, { prerendered });
  // Hydrating inside a transition lets React yield to the browser between components instead of holding
  // the main thread for the whole page (ADR 015: a phone stays responsive while the listings hydrate).
  if (prerendered) startTransition(() => void hydrateRoot(root, app));
  else createRoot(root).render(app);
}

void start();
