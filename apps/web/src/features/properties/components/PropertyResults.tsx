import { MSG } from '@kiraya/contract/messages';
import { Msg } from '../../../lib/useMsg';
import { usePropertiesT } from '../i18n';
import { PropertyPagination } from './PropertyPagination';
import { PublicPropertyCard } from './PublicPropertyCard';
import type { UpdateFilters, usePropertySearch } from './usePropertySearch';

/** The results of a property search: the count, then skeletons, an error, an empty state or the cards with pagination. */
export function PropertyResults({
  query,
  page,
  pages,
  update,
}: {
  query: ReturnType<typeof usePropertySearch>['query'];
  page: number;
  pages: number;
  update: UpdateFilters;
}) {
  const t = usePropertiesT();
  const { data, isPending, isError, isFetching } = query;
  const meta = data?.meta;
  return (
    <section aria-label={t('results.label')} aria-busy={isFetching} className="mt-6">
      {/* Always present (same height while loading) so the grid does not jump when results arrive. */}
      <p className="mb-4 h-5 text-sm text-slate-700" aria-live="polite">
        {isPending || isError ? '' : t('results.found', { count: meta?.total ?? data.items.length })}
      </p>
      {isPending ? (
        <div role="status" aria-label={t('results.loading')} className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {[0, 1, 2, 3, 4, 5].map((i) => (
            <div key={i} className="animate-pulse overflow-hidden rounded-2xl border border-slate-200 bg-white">
              <div className="aspect-[4/3] bg-slate-200" />
              <div className="space-y-3 p-4">
                <div className="h-4 w-2/3 rounded bg-slate-200" />
                <div className="h-3 w-full rounded bg-slate-200" />
                <div className="h-3 w-1/2 rounded bg-slate-200" />
              </div>
            </div>
          ))}
          <span className="sr-only">{t('results.loading')}</span>
        </div>
      ) : isError ? (
        <p role="alert" className="rounded-xl bg-red-50 p-4 font-medium text-red-800">
          <Msg text={MSG.publicListFailed} />
        </p>
      ) : data.items.length === 0 ? (
        <div className="rounded-2xl border border-dashed border-slate-300 bg-white p-8 text-center">
          <p className="font-semibold text-slate-900">{t('results.none')}</p>
          <p className="mt-1 text-slate-600">{t('results.noneHint')}</p>
        </div>
      ) : (
        <>
          <ul className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {data.items.map((p, i) => (
              <li key={p._id} className="flex">
                <div className="flex w-full flex-col [&>article]:flex-1">
                  <PublicPropertyCard property={p} eager={i < 3} priority={i === 0} />
                </div>
              </li>
            ))}
          </ul>
          <PropertyPagination page={page} pages={pages} update={update} />
        </>
      )}
    </section>
  );
}
