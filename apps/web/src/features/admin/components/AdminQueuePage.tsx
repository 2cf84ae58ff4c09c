import { MSG } from '@kiraya/contract/messages';
import { ChevronRight, Inbox } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Badge } from '../../../components/Badge';
import { PageHeading } from '../../../components/PageHeading';
import { Spinner } from '../../../components/Spinner';
import { errorMessage } from '../../../lib/api';
import { PATHS } from '../../../lib/paths';
import { type QueueItem, useQueue } from '../api/admin';
import { AdminNav, dateTime, ReasonCounts, TARGET_TYPE_LABEL, TargetStatus } from './AdminParts';

/**
 * /AdminDashboard (issue 26 item 3): the open reports, one row per listing or account, the longest waiting first,
 * with the owner, how many reports of each reason and when the first came in. A row opens the target.
 */
export function AdminQueuePage() {
  const q = useQueue();
  return (
    <>
      <PageHeading title="Moderation" subtitle="Reports waiting for a decision, the longest waiting first." />
      <AdminNav />
      {q.isPending ? (
        <Spinner label="Loading the report queue" />
      ) : q.isError ? (
        <p role="alert" className="rounded-xl bg-red-50 p-4 font-medium text-red-800">
          {errorMessage(q.error, MSG.unexpected)}
        </p>
      ) : q.data.length === 0 ? (
        <p className="flex flex-col items-center gap-2 rounded-2xl border border-dashed border-slate-300 bg-white p-10 text-center font-medium text-slate-800">
          <Inbox aria-hidden="true" className="h-8 w-8 text-slate-500" />
          No open reports. New ones appear here.
        </p>
      ) : (
        <>
          <h2 className="sr-only">Open reports</h2>
          <p className="mb-3 text-sm text-slate-600">
            {q.data.length} {q.data.length === 1 ? 'target' : 'targets'} with open reports
          </p>
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
          <Badge tone={item.targetType === 'user' ? 'blue' : 'brand'}>{TARGET_TYPE_LABEL[item.targetType]}</Badge>
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
            ? [target.username ? `@${target.username}` : null, target.role].filter(Boolean).join(' · ')
            : [target.ownerName ? `Owner: ${target.ownerName}` : null, target.city].filter(Boolean).join(' · ')}
        </p>
        <ReasonCounts counts={item.reasonCounts} />
        <p className="text-sm text-slate-600">
          {open} open {open === 1 ? 'report' : 'reports'}
          {item.firstReportedAt ? (
            <>
              {' '}
              · first reported <time dateTime={item.firstReportedAt}>{dateTime(item.firstReportedAt)}</time>
            </>
          ) : null}
        </p>
      </div>
      <ChevronRight aria-hidden="true" className="hidden h-5 w-5 shrink-0 self-center text-slate-500 sm:block" />
    </article>
  );
}
