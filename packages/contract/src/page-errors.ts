/**
 * The texts of the web app's error boundaries (issue 20). Kept apart from `MSG` (messages.ts) because
 * the app-wide boundary is part of the first script of every page, the landing page included, which
 * loads no other contract module; and when a page's code fails to load after a deploy, nothing more can
 * be fetched to explain it. English only: the Hindi is in page-errors.hi-IN.ts, which a Hindi page loads when it
 * starts (issue 27), so this module stays this small.
 */
export const PAGE_ERROR_MSG = {
  crashedTitle: 'Something went wrong',
  crashedBody: 'This page stopped working. Try again, or reload the page if it keeps happening.',
  staleTitle: 'Kiraya has been updated',
  staleBody: 'This page could not be loaded, most likely because a new version was released since you opened Kiraya. Reload to get it.',
  // A page whose code was never saved on this device, opened offline (issue 27).
  offlineTitle: 'You are offline',
  offlineBody: 'This page has not been saved on this device yet. Pages you opened before still open without a connection.',
  reload: 'Reload page',
  tryAgain: 'Try again',
  home: 'Go to the home page',
} as const;
