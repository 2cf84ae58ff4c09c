import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { dashboardFor, useSession } from '../lib/session';
import { PATHS, safeReturnPath } from '../lib/paths';

/**
 * After the start-up session check (spec 2, 4): a signed-in user who opened / or /auth
 * goes to their dashboard (or to /auth's safe return path); deep links are kept. /start (the installed
 * app's start URL, issue 27) goes to the dashboard, or to / for a visitor.
 */
export function StartRedirect() {
  const { user, status } = useSession();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const done = useRef(false);
  useEffect(() => {
    if (done.current || status !== 'ready') return;
    done.current = true;
    const target = dashboardFor(user?.role);
    // The installed app's start page: the dashboard, or the home page for a visitor.
    if (pathname === PATHS.start) return void navigate(target ?? PATHS.home, { replace: true });
    if (!target) return;
    if (pathname === PATHS.home) navigate(target, { replace: true });
    else if (pathname === PATHS.auth) navigate(safeReturnPath(new URLSearchParams(search).get('next')) ?? target, { replace: true });
  }, [status, user, pathname, search, navigate]);
  return null;
}
