import { Suspense } from 'react';
import { Link, Outlet } from 'react-router-dom';
import { Spinner } from './Spinner';
import { TopBar } from './TopBar';
import { PATHS } from '../lib/paths';
import { useSharedT } from './i18n';

export function PublicLayout() {
  const t = useSharedT();
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-4 focus:z-50 focus:rounded-lg focus:bg-white focus:px-4 focus:py-2"
      >
        {t('layout.skip')}
      </a>
      <TopBar />
      <main id="main" className="mx-auto w-full max-w-7xl flex-1 px-4 py-8 sm:px-6">
        {/* A page-tall fallback keeps the footer below the fold while a page's code loads, so it never jumps (CLS). */}
        <Suspense
          fallback={
            <div className="min-h-screen">
              <Spinner />
            </div>
          }
        >
          <Outlet />
        </Suspense>
      </main>
      <Footer />
    </div>
  );
}

function Footer() {
  const t = useSharedT();
  return (
    <footer className="border-t border-slate-200 bg-white">
      <div className="mx-auto flex max-w-7xl flex-col gap-4 px-4 py-8 text-sm text-slate-600 sm:flex-row sm:items-center sm:justify-between sm:px-6">
        <p>{t.rich('layout.footer.tagline', { brand: <span className="font-semibold text-brand-700">Kiraya</span> })}</p>
        <nav aria-label={t('layout.footer.nav')} className="flex gap-4">
          <Link to={PATHS.properties} className="hover:text-brand-700 hover:underline">
            {t('layout.footer.browse')}
          </Link>
          <Link to={PATHS.auth} className="hover:text-brand-700 hover:underline">
            {t('layout.footer.signIn')}
          </Link>
        </nav>
      </div>
    </footer>
  );
}
