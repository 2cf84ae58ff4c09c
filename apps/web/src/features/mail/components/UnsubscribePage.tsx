import { EMAIL_CATEGORIES, EMAIL_CATEGORY_LABELS, type EmailCategory, MSG } from '@kiraya/contract';
import { useSearchParams } from 'react-router-dom';
import { Brand } from '../../../components/Brand';
import { primaryButton } from '../../../components/FormField';
import { ApiError } from '../../../lib/api';
import { usePageTitle } from '../../../lib/usePageTitle';
import { useUnsubscribe } from '../api/mail';

const isCategory = (c: string | null): c is EmailCategory => !!c && (EMAIL_CATEGORIES as readonly string[]).includes(c);

/** /unsubscribe?u&c&s: the link in every email but security ones; works signed out, changes one category only. */
export function UnsubscribePage() {
  usePageTitle('Unsubscribe');
  const [params] = useSearchParams();
  const q = { u: params.get('u') ?? '', c: params.get('c') ?? '', s: params.get('s') ?? '' };
  const go = useUnsubscribe();
  const label = isCategory(q.c) ? EMAIL_CATEGORY_LABELS[q.c].label : null;
  return (
    <div className="mx-auto flex max-w-lg flex-col items-center py-8">
      <div className="w-full rounded-2xl border border-slate-200 bg-white p-6 text-center shadow-md sm:p-8">
        <Brand />
        <h1 className="mt-4 text-2xl font-bold text-slate-900">Unsubscribe</h1>
        {!label || !q.u || !q.s ? (
          <p role="alert" className="mt-4 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
            {MSG.unsubscribeInvalid}
          </p>
        ) : go.isSuccess ? (
          <p role="status" className="mt-4 rounded-lg border border-brand-200 bg-brand-50 px-3 py-2 text-sm text-brand-900">
            {go.data && MSG.unsubscribed(label.toLowerCase())}
          </p>
        ) : (
          <>
            <p className="mt-2 text-slate-700">Stop getting “{label}” emails? Other emails stay as they are.</p>
            {go.isError ? (
              <p role="alert" className="mt-4 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
                {go.error instanceof ApiError && go.error.status > 0 ? go.error.message : MSG.unexpected}
              </p>
            ) : null}
            <button type="button" className={`${primaryButton} mt-6 w-full py-2.5`} disabled={go.isPending} onClick={() => go.mutate(q)}>
              {go.isPending ? 'Unsubscribing...' : 'Unsubscribe'}
            </button>
          </>
        )}
      </div>
    </div>
  );
}
