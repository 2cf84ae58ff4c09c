import { MSG } from '@kiraya/contract/messages';
import { ChevronRight, Inbox } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Badge } from '../../../components/Badge';
import { PageHeading } from '../../../components/PageHeading';
import { Spinner } from '../../../components/Spinner';
import { errorMessage } from '../../../lib/api';
import { PATHS } from '../../../lib/paths';
import { useMsg } from '../../../lib/useMsg';
import { type QueueItem, useQueue } from '../api/admin';
import { useAdminT } from '../i18n';
import { AdminNav, ReasonCounts, roleLabel, TargetStatus, targetTypeLabel, useDateTime } from './AdminParts';

/**
 * /AdminDashboard (issue 26 item 3): the open reports, one row per listing or account, the longest waiting first,
 * with the owner, how many reports of each reason and when the first came in. A row opens the target.
 */
export function AdminQueuePage() {
  const q = useQueue();
  const t = useAdminT();
  const msg = useMsg();
  return (
    <>
      <PageHeading title={t('queue.title')} subtitle={t('queue.subtitle')} />
      <AdminNav />
      {q.isPending ? (
        <Spinner label={t('queue.loading')} />
      ) : q.isError ? (
        <p role="alert" className="rounded-xl bg-red-50 p-4 font-medium text-red-800">
          {msg(errorMessage(q.error, MSG.unexpected))}
        </p>
      ) : q.data.length === 0 ? (
        <p className="flex flex-col items-center gap-2 rounded-2xl border border-dashed border-slate-300 bg-white p-10 text-center font-medium text-slate-800">
          <Inbox aria-hidden="true" className="h-8 w-8 text-slate-500" />
          {t('queue.empty')}
        </p>
      ) : (
        <>
          <h2 className="sr-only">{t('queue.heading')}</h2>
          <p className="mb-3 text-sm text-slate-600">{t('queue.count', { count: q.data.length })}</p>
          <ul className="space-y-3">
            {q.data.map((item) => (
              <li key={`${item.targetType}:${item.targetId}`}>
                <QueueRow item={item} />
              </li>
            ))}
          </ul>
        </>
      )}
    </>
  );
}

function QueueRow({ item }: { item: QueueItem }) {
  const t = useAdminT();
  const dateTime = useDateTime();
  const { target } = item;
  const open = item.reports.length;
  const thumb = target.images?.[0];
  return (
    <article className="relative flex gap-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm hover:border-brand-600 sm:items-center">
      {thumb ? (
        <img
          src={thumb}
          alt=""
          width={96}
          height={72}
          className="hidden h-18 w-24 shrink-0 rounded-lg bg-slate-100 object-cover sm:block"
        />
      ) : null}
      <div className="min-w-0 flex-1 space-y-2">
        <div className="flex flex-wrap items-center gap-2">
          <Badge tone={item.targetType === 'user' ? 'blue' : 'brand'}>{targetTypeLabel(item.targetType, t)}</Badge>
          <TargetStatus target={target} targetType={item.targetType} />
        </div>
        <h3 className="break-words text-lg font-semibold text-slate-900">
          {/* The whole card is the link's target area; the heading holds its name. */}
          <Link
            to={PATHS.admin.target(item.targetType, item.targetId)}
            className="after:absolute after:inset-0 after:rounded-2xl after:content-[''] focus-visible:outline-none focus-visible:after:outline-2 focus-visible:after:outline-brand-700"
          >
            {target.title}
          </Link>
        </h3>
        <p className="text-sm text-slate-700">
          {item.targetType === 'user'
            ? [target.username ? `@${target.username}` : null, target.role ? roleLabel(target.role, t) : null].filter(Boolean).join(' · ')
            : [target.ownerName ? t('queue.owner', { name: target.ownerName }) : null, target.city].filter(Boolean).join(' · ')}
        </p>
        <ReasonCounts counts={item.reasonCounts} />
        <p className="text-sm text-slate-600">
          {t('queue.open', { count: open })}
          {item.firstReportedAt ? (
            <>
              {' · '}
              {t.rich('queue.first', { when: <time dateTime={item.firstReportedAt}>{dateTime(item.firstReportedAt)}</time> })}
            </>
          ) : null}
        </p>
      </div>
      <ChevronRight aria-hidden="true" className="hidden h-5 w-5 shrink-0 self-center text-slate-500 sm:block" />
    </article>
  );
}
