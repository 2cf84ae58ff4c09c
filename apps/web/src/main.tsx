import './index.css';

const root = document.getElementById('root') as HTMLElement;
// The landing page is prerendered at build time and the public listings are rendered by the server:
// hydrate those, render everything else.
const prerendered = root.firstElementChild !== null;

/** Lets the browser paint and handle input before the next step. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * A rendered page (the landing page, a listing) is hydrated in steps, each in a task of its own (issue 12):
 * React DOM, then TanStack Query (pages that fetch), then the app's modules, then the hydration in a
 * transition. Evaluated as one module graph they were a single 60 ms task on a mid-range phone, during
 * which a tap waits. The dashboards' shell shows nothing until the app runs: it loads everything at once.
 */
async function start() {
  const needsQuery = window.location.pathname !== '/';
  if (!prerendered) {
    const [{ createRoot }, { createElement }, { Browser }] = await Promise.all([
      import('react-dom/client'),
      import('react'),
      import('./Browser'),
      needsQuery ? import('./components/QueryOutlet').catch(() => {}) : undefined,
      // The dashboards' route table is a chunk of its own (off the landing page): fetched alongside, not after.
      /^\/(Owner|Tenant|Admin)Dashboard(\/|$)/i.test(window.location.pathname)
        ? import('./routes/DashboardRoutes').catch(() => {})
        : undefined,
    ]);
    createRoot(root).render(createElement(Browser, { prerendered }));
    return;
  }
  const [{ hydrateRoot }, { startTransition, createElement }] = await Promise.all([import('react-dom/client'), import('react')]);
  await nextTask();
  if (needsQuery) {
    // TanStack Query and the server-rendered cache (ADR 015), before the routes that read them.
    await import('./components/QueryOutlet').catch(() => {});
    await nextTask();
  }
  const { Browser } = await import('./Browser');
  await nextTask();
  // Hydrating inside a transition lets React yield to the browser between components instead of holding
  // the main thread for the whole page (ADR 015: a phone stays responsive while the listings hydrate).
  startTransition(() => void hydrateRoot(root, createElement(Browser, { prerendered })));
}

void start();

// The installable app (issue 27): the service worker is registered once the page has loaded and the browser
// is idle, from a chunk of its own, so it never competes with the first paint (the landing page's budget).
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  const register = () => {
    const idle = (f: () => void) => ('requestIdleCallback' in window ? requestIdleCallback(f, { timeout: 3000 }) : setTimeout(f, 200));
    idle(() => void import('./lib/pwa').then((m) => m.registerPwa()).catch(() => {}));
  };
  if (document.readyState === 'complete') register();
  else addEventListener('load', register, { once: true });
}
