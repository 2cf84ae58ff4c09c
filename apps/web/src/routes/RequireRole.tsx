import type { Role } from '@kiraya/contract';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { useCommonT } from '../components/i18n/common';
import { Spinner } from '../components/Spinner';
import { dashboardFor, useSession } from '../lib/session';
import { PATHS } from '../lib/paths';

/**
 * A visitor goes to /auth, told why and brought back here after signing in (or to / right after a logout);
 * the other role goes to its own dashboard. A saved user of this role sees the page while the start-up session
 * check runs, so the page's code and requests go out beside the check instead of after it (ADR 044); a check
 * the server refuses then signs out and sends them to /auth as before.
 */
export function RequireRole({ allow, children }: { allow: Role; children: ReactNode }) {
  const t = useCommonT();
  const { user, status, exitTo } = useSession();
  const { pathname, search, hash } = useLocation();
  if (status === 'checking' && user?.role !== allow) return <Spinner label={t('session.checking')} />;
  if (!user) return <Navigate to={exitTo === PATHS.auth ? PATHS.authFor(`${pathname}${search}${hash}`) : exitTo} replace />;
  if (user.role !== allow) return <Navigate to={dashboardFor(user.role) ?? PATHS.home} replace />;
  return <>{children}</>;
}
