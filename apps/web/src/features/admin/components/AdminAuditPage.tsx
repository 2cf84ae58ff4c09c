import { MODERATION_ACTION_LABELS } from '@kiraya/contract/moderation';
import { Link } from 'react-router-dom';
import { toast } from 'sonner';
import { Badge, type BadgeTone } from '../../../components/Badge';
import { PageHeading } from '../../../components/PageHeading';
import { Spinner } from '../../../components/Spinner';
import { secondaryButton } from '../../../components/FormField';
import { errorMessage } from '../../../lib/api';
import { PATHS } from '../../../lib/paths';
import { type AuditEntry, useAudit } from '../api/admin';
import { AdminNav, dateTime, TARGET_TYPE_LABEL } from './AdminParts';

const ACTION_TONE: Record<AuditEntry['action'], BadgeTone> = { dismiss: 'grey', hide: 'red', suspend: 'red', restore: 'green' };

/**
 * /AdminDashboard/Audit (issue 26 item 3): every moderator action, newest first, a page at a time (Show older). The log
 * is append-only: nothing here edits it.
 */
export function AdminAuditPage() {
  const q = useAudit();
  return (
    <>
      <PageHeading title="Audit log" subtitle="Every moderator action, who took it and why. Nothing here can be changed." />
      <AdminNav />
      {q.isPending ? (
        <Spinner label="Loading the audit log" />
      ) : q.isError ? (
        <p role="alert" className="rounded-xl bg-red-50 p-4 font-medium text-red-800">
          {errorMessage(q.error)}
        </p>
      ) : q.data.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-slate-300 bg-white p-8 text-center font-medium text-slate-800">
          No moderator action yet.
        </p>
      ) : (
        <>
          <ol
            aria-label="Moderator actions, newest first"
            className="divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white shadow-sm"
          >
            {q.data.map((a) => (
              <li key={a._id} className="grid gap-1 px-4 py-3 sm:grid-cols-[11rem_minmax(0,1fr)] sm:gap-4">
                <p className="text-sm text-slate-600">
                  <time dateTime={a.createdAt}>{dateTime(a.createdAt)}</time>
                </p>
                <div className="min-w-0 space-y-1">
                  <p className="flex flex-wrap items-center gap-2 text-sm">
                    <Badge tone={ACTION_TONE[a.action]}>{MODERATION_ACTION_LABELS[a.action]}</Badge>
                    <span className="text-slate-700">
                      {TARGET_TYPE_LABEL[a.targetType]}{' '}
                      <Link to={PATHS.admin.target(a.targetType, a.targetId)} className="font-medium text-brand-700 hover:underline">
                        {a.targetId.slice(0, 8)}
                        <span className="sr-only"> (open its reports)</span>
                      </Link>
                    </span>
                    <span className="text-slate-700">by {a.adminName}</span>
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
                    if (r.isFetchNextPageError) toast.error(errorMessage(r.error));
                  })
                }
              >
                {q.isFetchingNextPage ? 'Loading...' : 'Show older'}
              </button>
            </p>
          ) : null}
        </>
      )}
    </>
  );
}
