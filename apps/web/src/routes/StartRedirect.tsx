import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { dashboardFor, useSession } from '../lib/session';
import { PATHS } from '../lib/paths';

/**
 * After the start-up session check (spec 2, 4): a signed-in user who opened / or /auth
 * goes to their dashboard; deep links are kept.
 */
export function StartRedirect() {
  const { user, status } = useSession();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const done = useRef(false);
  useEffect(() => {
    if (done.current || status !== 'ready') return;
    done.current = true;
    const target = dashboardFor(user?.role);
    if (target && (pathname === PATHS.home || pathname === PATHS.auth)) navigate(target, { replace: true });
  }, [status, user, pathname, navigate]);
  return null;
}
