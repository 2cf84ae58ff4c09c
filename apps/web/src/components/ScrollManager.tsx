import { useEffect, useLayoutEffect, useRef } from 'react';
import { type Location, useLocation, useNavigationType } from 'react-router-dom';

// Where each history entry was scrolled to (by location key), and each page by its address, kept for the tab.
const STORE = 'kiraya.scroll';
const byKey = new Map<string, number>();
const byUrl = new Map<string, number>();
try {
  const saved = JSON.parse(sessionStorage.getItem(STORE) ?? '{}') as { keys?: [string, number][]; urls?: [string, number][] };
  for (const [k, y] of saved.keys ?? []) byKey.set(k, y);
  for (const [u, y] of saved.urls ?? []) byUrl.set(u, y);
} catch {
  // No sessionStorage (server render, private mode): positions last for the page's life only.
}
const persist = () => {
  try {
    sessionStorage.setItem(STORE, JSON.stringify({ keys: [...byKey].slice(-50), urls: [...byUrl].slice(-50) }));
  } catch {
    // Storage full or refused: nothing to do.
  }
};

const urlOf = (l: Pick<Location, 'pathname' | 'search'>) => `${l.pathname}${l.search}`;
const backTo = (l: Location | null): string | undefined => {
  const back = (l?.state as { back?: { to?: unknown } } | null)?.back;
  return typeof back?.to === 'string' ? back.to : undefined;
};

// useLayoutEffect warns when rendered on the server; there is nothing to scroll there anyway.
const useIsoLayoutEffect = typeof window === 'undefined' ? useEffect : useLayoutEffect;

/**
 * Scroll like a site of separate pages (issue 19): a page opened by a link starts at the top; the browser's
 * Back (or Forward) returns to where that page was scrolled, and so does a page's own Back link to the page
 * that opened it; filters that replace the address keep the place. The position is retried for a moment while the page's content is still arriving.
 */
export function ScrollManager() {
  const location = useLocation();
  const type = useNavigationType();
  const current = useRef(location);
  const previous = useRef<Location | null>(null);

  useEffect(() => {
    if ('scrollRestoration' in window.history) window.history.scrollRestoration = 'manual';
    let frame = 0;
    const save = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        byKey.set(current.current.key, window.scrollY);
        byUrl.set(urlOf(current.current), window.scrollY);
        persist();
      });
    };
    window.addEventListener('scroll', save, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', save);
    };
  }, []);

  useIsoLayoutEffect(() => {
    const from = previous.current;
    previous.current = location;
    current.current = location;
    if (!from) return; // The first page: the browser (or its own anchor) decides.
    if (location.hash) return; // A link to a place on the page.
    if (type === 'REPLACE' && from.pathname === location.pathname) return; // Filters written into the address.
    const url = urlOf(location);
    const target = type === 'POP' ? byKey.get(location.key) : backTo(from) === url ? byUrl.get(url) : undefined;
    if (target === undefined || target <= 0) {
      window.scrollTo(0, 0);
      return;
    }
    // The page may still be growing (data, images, lazy parts): try again for about a second.
    const key = location.key;
    let tries = 0;
    const restore = () => {
      if (current.current.key !== key) return;
      window.scrollTo(0, target);
      if (Math.abs(window.scrollY - target) > 1 && ++tries < 60) requestAnimationFrame(restore);
    };
    restore();
  }, [location.key]);

  return null;
}
