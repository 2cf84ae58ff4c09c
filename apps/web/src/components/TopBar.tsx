import { Menu, X } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { Brand } from './Brand';
import { PATHS } from '../lib/paths';
import { useSharedT } from './i18n';
import { LanguageSwitch } from './LanguageSwitch';

const linkClass = 'rounded-lg px-3 py-2 font-medium text-slate-700 hover:bg-slate-100 hover:text-brand-700';
const ctaClass = 'rounded-lg bg-brand-700 px-4 py-2 font-semibold text-white shadow-sm hover:bg-brand-800';

/** The public top bar: brand, Properties, Get Started, and a menu button below `sm`. */
export function TopBar() {
  const t = useSharedT();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const { pathname } = useLocation();

  // Close on navigation.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the path changes
  useEffect(() => setOpen(false), [pathname]);

  // Close on Escape.
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);

  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur">
      <nav aria-label={t('topbar.nav')} className="mx-auto max-w-7xl px-4 sm:px-6">
        <div className="flex h-16 items-center justify-between">
          <Brand />
          <div className="hidden items-center gap-2 sm:flex">
            <LanguageSwitch />
            <Link to={PATHS.properties} className={linkClass}>
              {t('topbar.properties')}
            </Link>
            <Link to={PATHS.auth} state={{ mode: 'signup' }} className={ctaClass}>
              {t('topbar.getStarted')}
            </Link>
          </div>
          <button
            type="button"
            className="inline-flex h-10 w-10 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100 sm:hidden"
            aria-expanded={open}
            aria-controls={panelId}
            aria-label={open ? t('topbar.closeMenu') : t('topbar.openMenu')}
            onClick={() => setOpen((o) => !o)}
          >
            {open ? <X aria-hidden="true" className="h-6 w-6" /> : <Menu aria-hidden="true" className="h-6 w-6" />}
          </button>
        </div>
        <div id={panelId} hidden={!open} className="border-t border-slate-100 pb-4 pt-2 sm:hidden">
          <div className="flex flex-col gap-1">
            <Link to={PATHS.properties} className={linkClass} onClick={() => setOpen(false)}>
              {t('topbar.properties')}
            </Link>
            <Link to={PATHS.auth} state={{ mode: 'signup' }} className={`${ctaClass} mt-1 text-center`} onClick={() => setOpen(false)}>
              {t('topbar.getStarted')}
            </Link>
            <LanguageSwitch className="mt-2 px-3" />
          </div>
        </div>
      </nav>
    </header>
  );
}
