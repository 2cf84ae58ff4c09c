import { useLocation } from 'react-router-dom';

/** Link state that tells the page opened where its Back link leads: the page the reader came from. */
export type BackState = { back: { to: string; label: string } };

/** The state for a link whose page should come back here (this path and query) under `label`. */
export function useBackHere(label: string): BackState {
  const { pathname, search } = useLocation();
  return { back: { to: `${pathname}${search}`, label } };
}

/**
 * Where a page's Back link leads: the page that opened it (link state), else `fallback` (a page opened by
 * its address). Only an app path is followed.
 */
export function useBackLink(fallback: { to: string; label: string }): { to: string; label: string } {
  const state = useLocation().state as Partial<BackState> | null;
  const back = state?.back;
  if (back && typeof back.to === 'string' && typeof back.label === 'string' && /^\/(?!\/)/.test(back.to)) return back;
  return fallback;
}
