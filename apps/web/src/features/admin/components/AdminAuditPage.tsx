import { Link } from 'react-router-dom';
import { toast } from 'sonner';
import { Badge, type BadgeTone } from '../../../components/Badge';
import { PageHeading } from '../../../components/PageHeading';
import { Spinner } from '../../../components/Spinner';
import { secondaryButton } from '../../../components/FormField';
import { errorMessage } from '../../../lib/api';
import { PATHS } from '../../../lib/paths';
import { useMsg } from '../../../lib/useMsg';
import { type AuditEntry, useAudit } from '../api/admin';
import { useAdminT } from '../i18n';
import { ACTION_LOG_KEY, AdminNav, targetTypeLabel, useDateTime } from './AdminParts';

const ACTION_TONE: Record<AuditEntry['action'], BadgeTone> = { dismiss: 'grey', hide: 'red', suspend: 'red', restore: 'green' };

/**
 * /AdminDashboard/Audit (issue 26 item 3): every moderator action, newest first, a page at a time (Show older). The log
 * is append-only: nothing here edits it.
 */
export function AdminAuditPage() {
  const q = useAudit();
  const t = useAdminT();
  const msg = useMsg();
  const dateTime = useDateTime();
  return (
    <>
      <PageHeading title={t('audit.title')} subtitle={t('audit.subtitle')} />
      <AdminNav />
      {q.isPending ? (
        <Spinner label={t('audit.loading')} />
      ) : q.isError ? (
        <p role="alert" className="rounded-xl bg-red-50 p-4 font-medium text-red-800">
          {msg(errorMessage(q.error))}
        </p>
      ) : q.data.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-slate-300 bg-white p-8 text-center font-medium text-slate-800">
          {t('audit.empty')}
        </p>
      ) : (
        <>
          <ol aria-label={t('audit.list')} className="divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white shadow-sm">
            {q.data.map((a) => (
              <li key={a._id} className="grid gap-1 px-4 py-3 sm:grid-cols-[11rem_minmax(0,1fr)] sm:gap-4">
                <p className="text-sm text-slate-600">
                  <time dateTime={a.createdAt}>{dateTime(a.createdAt)}</time>
                </p>
                <div className="min-w-0 space-y-1">
                  <p className="flex flex-wrap items-center gap-2 text-sm">
                    <Badge tone={ACTION_TONE[a.action]}>{t(ACTION_LOG_KEY[a.action])}</Badge>
                    <span className="text-slate-700">
                      {targetTypeLabel(a.targetType, t)}{' '}
                      <Link to={PATHS.admin.target(a.targetType, a.targetId)} className="font-medium text-brand-700 hover:underline">
                        {a.targetId.slice(0, 8)}
                        <span className="sr-only"> {t('audit.openReports')}</span>
                      </Link>
                    </span>
                    <span className="text-slate-700">{t('log.by', { name: a.adminName })}</span>
                  </p>
                  <p className="whitespace-pre-line break-words text-slate-900">{a.reason}</p>
                </div>
              </li>
            ))}
          </ol>
          {q.hasNextPage ? (
            <p className="mt-4 text-center">
              <button
                type="button"
                className={secondaryButton}
                disabled={q.isFetchingNextPage}
                aria-busy={q.isFetchingNextPage}
                onClick={() =>
                  void q.fetchNextPage().then((r) => {
                    if (r.isFetchNextPageError) toast.error(msg(errorMessage(r.error)));
                  })
                }
              >
                {q.isFetchingNextPage ? t('audit.loadingMore') : t('audit.older')}
              </button>
            </p>
          ) : null}
        </>
      )}
    </>
  );
}
