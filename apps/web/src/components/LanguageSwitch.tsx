import { LOCALE_NAMES, LOCALE_PARAM, LOCALES, type Locale } from '@kiraya/contract/locales';
import { useLocation, useNavigate } from 'react-router-dom';
import { useLocale } from '../lib/i18n';
import { useSetLocale } from '../lib/locale';
import { useSession } from '../lib/session';
import { useSharedT } from './i18n';

/**
 * English / हिन्दी (issue 27, ADR 039): in the public header, the dashboards' header and Profile. A signed-in
 * user's choice is stored on their account (every device and every email follows it); a visitor's in the
 * `kiraya_lang` cookie, which sign-up then stores. A public page that names its language in the URL
 * (`?lang=hi-IN`) moves to the other language's address. `compact` (the dashboards' crowded header): on phones only
 * the other language's button shows.
 */
export function LanguageSwitch({ className = '', compact = false }: { className?: string; compact?: boolean }) {
  const t = useSharedT();
  const locale = useLocale();
  const setLocale = useSetLocale();
  const { user } = useSession();
  const { pathname, search, hash } = useLocation();
  const navigate = useNavigate();

  const choose = async (next: Locale) => {
    if (next === locale) return;
    await setLocale(next);
    if (user) {
      void import('../lib/api').then(({ api }) => api('/users/locale', { method: 'PATCH', body: { locale: next } })).catch(() => {});
    }
    const q = new URLSearchParams(search);
    if (q.has(LOCALE_PARAM)) {
      if (next === 'en-IN') q.delete(LOCALE_PARAM);
      else q.set(LOCALE_PARAM, next);
      const qs = q.toString();
      navigate(`${pathname}${qs ? `?${qs}` : ''}${hash}`, { replace: true });
    }
  };

  return (
    <div role="group" aria-label={t('language.label')} className={`flex items-center gap-1 text-sm ${className}`}>
      {LOCALES.map((l) => (
        <button
          key={l}
          type="button"
          lang={l}
          aria-pressed={l === locale}
          title={t('language.switchTo', { language: LOCALE_NAMES[l] })}
          onClick={() => void choose(l)}
          // A fixed width, the text at its start: the label's font may swap in after the first paint (src/index.css) and nothing may move.
          className={`w-[4.5rem] rounded-md px-2 py-1 text-left font-medium ${
            l === locale
              ? `bg-brand-50 text-brand-800${compact ? ' hidden sm:inline-block' : ''}`
              : 'text-slate-600 hover:bg-slate-100 hover:text-brand-700'
          }`}
        >
          {LOCALE_NAMES[l]}
        </button>
      ))}
    </div>
  );
}
