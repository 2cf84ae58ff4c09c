import { LayoutDashboard, MessageSquare, UserRound } from 'lucide-react';
import { type ReactNode, Suspense } from 'react';
import { useLiveEvents, useUnreadCounts } from '../lib/live';
import { Link, Outlet, useLocation } from 'react-router-dom';
import { dashboardFor, useSession } from '../lib/session';
import { Brand } from './Brand';
import { useSharedT } from './i18n';
import { useCommonT } from './i18n/common';
import { LanguageSwitch } from './LanguageSwitch';
import { ErrorBoundary } from './ErrorBoundary';
import { OfflineBanner } from './OfflineBanner';
import { Spinner } from './Spinner';
import { PATHS, profileOf } from '../lib/paths';

const HIDDEN_ON = new Set<string>([PATHS.home, PATHS.auth, PATHS.owner.root, PATHS.tenant.root, PATHS.admin.root]);

/** The header's Dashboard link is hidden on /, /auth and the dashboard roots (spec 2). */
export const showDashboardLink = (pathname: string): boolean => !HIDDEN_ON.has(pathname.replace(/\/+$/, '') || '/');

/**
 * The signed-in area's frame: brand, Dashboard link, Messages with its unread count (owners and tenants, not moderators), `actions`
 * (the notification bell, passed in by the route), profile icon, then the page. Keeps the live event
 * stream open (ADR 017) while a dashboard page is shown. A page that throws or fails to load shows the
 * error boundary's card in the main area.
 */
export function DashboardLayout({ actions, banner }: { actions?: ReactNode; banner?: ReactNode } = {}) {
  const shared = useSharedT();
  const t = useCommonT();
  const { user } = useSession();
  // Owners and tenants have conversations and live updates; moderators (issue 26) have neither.
  const member = user?.role === 'owner' || user?.role === 'tenant';
  useLiveEvents(member);
  const unread = useUnreadCounts(member);
  const unreadMessages = unread.data?.messages ?? 0;
  const { pathname } = useLocation();
  const home = dashboardFor(user?.role) ?? PATHS.home;
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-4 focus:z-50 focus:rounded-lg focus:bg-white focus:px-4 focus:py-2"
      >
        {shared('layout.skip')}
      </a>
      <header className="print:hidden sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur">
        <nav
          aria-label={t('dashboard.nav')}
          className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-2 px-4 sm:gap-4 sm:px-6"
        >
          <Brand to={home} />
          <div className="flex items-center gap-1 sm:gap-2">
            {showDashboardLink(pathname) ? (
              <Link
                to={home}
                aria-label={t('dashboard.home')}
                className="inline-flex items-center gap-2 rounded-lg px-2 py-2 font-medium text-slate-700 hover:bg-slate-100 hover:text-brand-700 sm:px-3"
              >
                <LayoutDashboard aria-hidden="true" className="h-5 w-5" />
                {/* Icon only on phones: the bar also holds Messages, the bell and the profile. */}
                <span className="hidden sm:inline">{t('dashboard.home')}</span>
              </Link>
            ) : null}
            {user && member ? (
              <Link
                to={user.role === 'owner' ? PATHS.owner.messages : PATHS.tenant.messages}
                aria-label={unreadMessages ? t('dashboard.messagesUnread', { count: unreadMessages }) : t('dashboard.messages')}
                title={t('dashboard.messages')}
                className="relative inline-flex h-10 w-10 items-center justify-center rounded-full text-slate-700 hover:bg-slate-100"
              >
                <MessageSquare aria-hidden="true" className="h-5 w-5" />
                {unreadMessages > 0 ? (
                  <span
                    aria-hidden="true"
                    className="absolute -right-0.5 -top-0.5 inline-flex min-w-5 items-center justify-center rounded-full bg-brand-700 px-1 text-xs font-bold text-white"
                  >
                    {unreadMessages > 99 ? '99+' : unreadMessages}
                  </span>
                ) : null}
              </Link>
            ) : null}
            {/* English / हिन्दी: one button on phones (the other language), both from `sm` (issue 27). */}
            <LanguageSwitch compact />
            {actions}
            <Link
              to={profileOf(home)}
              aria-label={t('dashboard.profile')}
              title={t('dashboard.profile')}
              className="inline-flex h-10 w-10 items-center justify-center rounded-full bg-brand-50 text-brand-700 ring-1 ring-brand-100 hover:bg-brand-100"
            >
              <UserRound aria-hidden="true" className="h-5 w-5" />
            </Link>
          </div>
        </nav>
      </header>
      {/* A notice for the whole signed-in app (the email verification reminder), passed in by the route. */}
      {banner}
      <OfflineBanner />
      <main id="main" className="mx-auto w-full max-w-7xl flex-1 px-4 py-8 sm:px-6 print:max-w-none print:p-0">
        {/* A page that fails keeps the header (and its way to other pages); moving to another page recovers. */}
        <ErrorBoundary variant="section" resetKey={pathname}>
          <Suspense fallback={<Spinner />}>
            <Outlet />
          </Suspense>
        </ErrorBoundary>
      </main>
    </div>
  );
}
