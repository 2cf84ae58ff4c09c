import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';
import { PublicLayout } from '../components/PublicLayout';
import { Spinner } from '../components/Spinner';
import { LandingPage } from '../features/landing/components/LandingPage';
import { ROUTES } from '../lib/paths';
import { StartRedirect } from './StartRedirect';

const named = <K extends string>(load: () => Promise<Record<K, React.ComponentType>>, name: K) =>
  lazy(() => load().then((m) => ({ default: m[name] })));

// Provides the query client to every route that fetches (TanStack Query stays off the landing page).
const QueryOutlet = named(() => import('../components/QueryOutlet'), 'QueryOutlet');

// Public pages
const NotFoundPage = named(() => import('../components/NotFoundPage'), 'NotFoundPage');
const AuthPage = named(() => import('../features/auth/components/AuthPage'), 'AuthPage');
const PublicPropertiesPage = named(() => import('../features/properties/components/PublicPropertiesPage'), 'PublicPropertiesPage');
const ForgotPasswordPage = named(() => import('../features/auth/components/PasswordResetPages'), 'ForgotPasswordPage');
const ResetPasswordPage = named(() => import('../features/auth/components/PasswordResetPages'), 'ResetPasswordPage');
const UnsubscribePage = named(() => import('../features/mail/components/UnsubscribePage'), 'UnsubscribePage');
const VerifyEmailPage = named(() => import('../features/verification/components/VerifyEmailPage'), 'VerifyEmailPage');
const DevMailboxPage = named(() => import('../features/mail/components/DevMailboxPage'), 'DevMailboxPage');
// The property page with the reports feature's Report button in its slots (issue 26): both chunks load at once.
const PropertyRoomsPage = lazy(() =>
  Promise.all([import('../features/rooms/components/PropertyRoomsPage'), import('../features/reports/components/ReportButton')]).then(
    ([page, { ReportButton }]) => ({
      default: () => <page.PropertyRoomsPage renderReport={(slot) => <ReportButton {...slot} />} />,
    }),
  ),
);

// The dashboards' route tables (their own chunk, never loaded by public pages).
const OwnerRoutes = named(() => import('./DashboardRoutes'), 'OwnerRoutes');
const TenantRoutes = named(() => import('./DashboardRoutes'), 'TenantRoutes');
const AdminRoutes = named(() => import('./DashboardRoutes'), 'AdminRoutes');

const loading = <Spinner />;

export function AppRoutes() {
  return (
    <Suspense fallback={loading}>
      <StartRedirect />
      <Routes>
        <Route element={<PublicLayout />}>
          <Route index element={<LandingPage />} />
          {/* The installed app opens here (manifest start_url): StartRedirect sends each user on. */}
          <Route path={ROUTES.start} element={loading} />
          <Route element={<QueryOutlet />}>
            <Route path={ROUTES.auth} element={<AuthPage />} />
            <Route path={ROUTES.forgotPassword} element={<ForgotPasswordPage />} />
            <Route path={ROUTES.resetPassword} element={<ResetPasswordPage />} />
            <Route path={ROUTES.unsubscribe} element={<UnsubscribePage />} />
            <Route path={ROUTES.verifyEmail} element={<VerifyEmailPage />} />
            <Route path={ROUTES.devMailbox} element={<DevMailboxPage />} />
            <Route path={ROUTES.properties} element={<PublicPropertiesPage />} />
            <Route path={ROUTES.property} element={<PropertyRoomsPage />} />
          </Route>
        </Route>
        <Route element={<QueryOutlet />}>
          <Route path={`${ROUTES.owner.root}/*`} element={<OwnerRoutes />} />
          <Route path={`${ROUTES.tenant.root}/*`} element={<TenantRoutes />} />
          <Route path={`${ROUTES.admin.root}/*`} element={<AdminRoutes />} />
        </Route>
        <Route element={<PublicLayout />}>
          <Route path="*" element={<NotFoundPage />} />
        </Route>
      </Routes>
    </Suspense>
  );
}
