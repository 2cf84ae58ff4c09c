import { EMAIL_CATEGORIES, type EmailCategory, MSG } from '@kiraya/contract';
import { useSearchParams } from 'react-router-dom';
import { Brand } from '../../../components/Brand';
import { primaryButton } from '../../../components/FormField';
import { ApiError } from '../../../lib/api';
import { useMsg } from '../../../lib/useMsg';
import { usePageTitle } from '../../../lib/usePageTitle';
import { useUnsubscribe } from '../api/mail';
import { useMailT } from '../i18n';

const isCategory = (c: string | null): c is EmailCategory => !!c && (EMAIL_CATEGORIES as readonly string[]).includes(c);

/** /unsubscribe?u&c&s: the link in every email but security ones; works signed out, changes one category only. */
export function UnsubscribePage() {
  const t = useMailT();
  const msg = useMsg();
  usePageTitle(t('unsubscribe.title'));
  const [params] = useSearchParams();
  const q = { u: params.get('u') ?? '', c: params.get('c') ?? '', s: params.get('s') ?? '' };
  const go = useUnsubscribe();
  // The category's name is the contract's constant (`c`), put into words by the catalogue.
  const label = isCategory(q.c) ? t(`emailCategory.${q.c}`) : null;
  return (
    <div className="mx-auto flex max-w-lg flex-col items-center py-8">
      <div className="w-full rounded-2xl border border-slate-200 bg-white p-6 text-center shadow-md sm:p-8">
        <Brand />
        <h1 className="mt-4 text-2xl font-bold text-slate-900">{t('unsubscribe.title')}</h1>
        {!label || !q.u || !q.s ? (
          <p role="alert" className="mt-4 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
            {msg(MSG.unsubscribeInvalid)}
          </p>
        ) : go.isSuccess ? (
          <p role="status" className="mt-4 rounded-lg border border-brand-200 bg-brand-50 px-3 py-2 text-sm text-brand-900">
            {go.data && msg(MSG.unsubscribed(label.toLowerCase()))}
          </p>
        ) : (
          <>
            <p className="mt-2 text-slate-700">{t('unsubscribe.question', { category: label })}</p>
            {go.isError ? (
              <p role="alert" className="mt-4 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
                {msg(go.error instanceof ApiError && go.error.status > 0 ? go.error.message : MSG.unexpected)}
              </p>
            ) : null}
            <button type="button" className={`${primaryButton} mt-6 w-full py-2.5`} disabled={go.isPending} onClick={() => go.mutate(q)}>
              {go.isPending ? t('unsubscribe.busy') : t('unsubscribe.button')}
            </button>
          </>
        )}
      </div>
    </div>
  );
}
