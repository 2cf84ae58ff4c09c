import { MSG } from '@kiraya/contract/messages';
import { Link } from 'react-router-dom';
import { PATHS } from '../lib/paths';
import { useSession } from '../lib/session';
import { PageHeading } from './PageHeading';
import { useCommonT } from './i18n/common';
import { useMsg } from '../lib/useMsg';

const linkClass = 'inline-flex items-center rounded-lg px-4 py-2 font-semibold';

/** Any address the app has no page for (the server answers it 404): says so, with ways on. */
export function NotFoundPage() {
  const t = useCommonT();
  const msg = useMsg();
  const { user } = useSession();
  const home = user?.role === 'owner' ? PATHS.owner.root : user?.role === 'tenant' ? PATHS.tenant.root : PATHS.home;
  return (
    <section className="mx-auto my-8 max-w-xl rounded-2xl border border-slate-200 bg-white p-8 text-center shadow-sm">
      <PageHeading title={msg(MSG.pageNotFoundTitle)} />
      <p className="-mt-2 text-slate-700">{msg(MSG.pageNotFound)}</p>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        <Link to={home} className={`${linkClass} bg-brand-700 text-white hover:bg-brand-800`}>
          {user ? t('notFound.dashboard') : t('notFound.home')}
        </Link>
        <Link
          to={user?.role === 'tenant' ? PATHS.tenant.search : PATHS.properties}
          className={`${linkClass} border border-slate-300 bg-white text-slate-800 hover:bg-slate-50`}
        >
          {t('notFound.search')}
        </Link>
      </div>
    </section>
  );
}
