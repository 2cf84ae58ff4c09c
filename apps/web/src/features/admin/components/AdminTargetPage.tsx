import { MSG } from '@kiraya/contract/messages';
import { MODERATION_ACTION_LABELS, SIGNAL_WINDOWS } from '@kiraya/contract/moderation';
import { ArrowLeft, Ban, EyeOff, ExternalLink, RotateCcw, ShieldCheck } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { ActionButton } from '../../../components/ActionButton';
import { Badge } from '../../../components/Badge';
import { PageHeading } from '../../../components/PageHeading';
import { Spinner } from '../../../components/Spinner';
import { ApiError, errorMessage } from '../../../lib/api';
import { PATHS } from '../../../lib/paths';
import { type TargetDetail, useTarget } from '../api/admin';
import { AdminActionDialog, type PendingAction } from './AdminActionDialog';
import { dateTime, ReasonCounts, reasonLabel, TARGET_TYPE_LABEL, TargetStatus } from './AdminParts';

type LinkedAccount = TargetDetail['signals']['samePhone'][number];
type ReusedPhoto = TargetDetail['signals']['reusedPhotos'][number];

const STATUS_TONE = { open: 'yellow', dismissed: 'grey', actioned: 'green' } as const;
const STATUS_TEXT = { open: 'Open', dismissed: 'Dismissed', actioned: 'Action taken' } as const;

/**
 * /AdminDashboard/Reports/:targetType/:targetId (issue 26 items 3 and 4): the listing or account, every report about
 * it, the signals about the account it belongs to (accounts sharing the phone or the Aadhaar, recent listings, reused
 * photos, reports), its audit entries, and the actions, each asking for a reason.
 */
export function AdminTargetPage() {
  const { targetType = '', targetId = '' } = useParams();
  const q = useTarget(targetType, targetId);
  const [pending, setPending] = useState<PendingAction | null>(null);

  const back = (
    <Link to={PATHS.admin.root} className="mb-3 inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline">
      <ArrowLeft aria-hidden="true" className="h-4 w-4" />
      Report queue
    </Link>
  );
  if (q.isPending)
    return (
      <>
        {back}
        <Spinner label="Loading the reports" />
      </>
    );
  if (q.isError) {
    const gone = q.error instanceof ApiError && (q.error.status === 404 || q.error.status === 400);
    return (
      <>
        {back}
        <PageHeading title={gone ? 'Nothing to moderate here' : 'Moderation'} />
        <p role="alert" className="rounded-xl bg-red-50 p-4 font-medium text-red-800">
          {gone ? MSG.moderationTargetNotFound : errorMessage(q.error)}
        </p>
      </>
    );
  }

  const item = q.data;
  const { target, signals } = item;
  const listing = item.targetType !== 'user';
  const openReports = item.reports.filter((r) => r.status === 'open').length;
  const ask = (action: PendingAction['action'], to: Omit<PendingAction, 'action'>) => setPending({ action, ...to });
  const self = { targetType: item.targetType, targetId: item.targetId, name: target.title };
  const publicPage = listing && target.exists && !target.hidden && target.propertyId ? PATHS.property(target.propertyId) : null;

  return (
    <>
      {back}
      <PageHeading title={target.title} subtitle={`${TARGET_TYPE_LABEL[item.targetType]} reported to Kiraya`} />
      <section aria-label="What is reported" className="mb-6 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
        <div className="flex flex-wrap items-center gap-2">
          <Badge tone={listing ? 'brand' : 'blue'}>{TARGET_TYPE_LABEL[item.targetType]}</Badge>
          <TargetStatus target={target} targetType={item.targetType} />
        </div>
        <dl className="mt-3 grid gap-x-8 gap-y-2 text-sm sm:grid-cols-2">
          {listing ? (
            <>
              <Fact label="Owner">
                {target.ownerId ? (
                  <Link to={PATHS.admin.target('user', target.ownerId)} className="font-medium text-brand-700 hover:underline">
                    {target.ownerName ?? 'Owner'}
                  </Link>
                ) : (
                  (target.ownerName ?? '-')
                )}
              </Fact>
              <Fact label="City">{target.city ?? '-'}</Fact>
            </>
          ) : (
            <>
              <Fact label="Username">{target.username ? `@${target.username}` : '-'}</Fact>
              <Fact label="Role">{target.role ?? '-'}</Fact>
            </>
          )}
          <Fact label="Open reports">{openReports}</Fact>
          <Fact label="First reported">
            {item.firstReportedAt ? <time dateTime={item.firstReportedAt}>{dateTime(item.firstReportedAt)}</time> : '-'}
          </Fact>
          {target.hidden && target.hiddenReason ? <Fact label="Why it is hidden">{target.hiddenReason}</Fact> : null}
        </dl>
        {target.images?.length ? (
          <ul aria-label="Photos" className="mt-4 flex gap-2 overflow-x-auto pb-1">
            {target.images.map((src, i) => (
              <li key={src} className="shrink-0">
                <img
                  src={src}
                  alt={`${target.title}, ${i + 1} of ${target.images?.length}`}
                  width={128}
                  height={96}
                  className="h-24 w-32 rounded-lg bg-slate-100 object-cover"
                />
              </li>
            ))}
          </ul>
        ) : null}
        {publicPage ? (
          <a href={publicPage} className="mt-4 inline-flex items-center gap-1.5 text-sm font-medium text-brand-700 hover:underline">
            <ExternalLink aria-hidden="true" className="h-4 w-4" />
            Open the public page
          </a>
        ) : null}
        <div className="mt-5 flex flex-wrap gap-2 border-t border-slate-200 pt-4">
          {openReports > 0 ? (
            <ActionButton icon={ShieldCheck} onClick={() => ask('dismiss', self)}>
              Dismiss
            </ActionButton>
          ) : null}
          {listing && target.exists && !target.hidden ? (
            <ActionButton icon={EyeOff} tone="danger" onClick={() => ask('hide', self)}>
              Hide listing
            </ActionButton>
          ) : null}
          {!listing && !target.suspended ? (
            <ActionButton icon={Ban} tone="danger" onClick={() => ask('suspend', self)}>
              Suspend user
            </ActionButton>
          ) : null}
          {listing && target.ownerId && !target.suspended ? (
            <ActionButton
              icon={Ban}
              tone="danger"
              onClick={() =>
                ask('suspend', { targetType: 'user', targetId: target.ownerId as string, name: target.ownerName ?? 'the owner' })
              }
            >
              Suspend owner
            </ActionButton>
          ) : null}
          {(listing && target.hidden) || (!listing && target.suspended) ? (
            <ActionButton icon={RotateCcw} onClick={() => ask('restore', self)}>
              {MODERATION_ACTION_LABELS.restore}
            </ActionButton>
          ) : null}
        </div>
      </section>

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-5 lg:items-start">
        <div className="min-w-0 space-y-6 lg:col-span-3">
          <Panel id="reports" title={`Reports (${item.reports.length})`}>
            {item.reports.length === 0 ? (
              <p className="text-sm text-slate-600">No reports about this.</p>
            ) : (
              <ol className="divide-y divide-slate-200">
                {item.reports.map((r) => (
                  <li key={r._id} className="py-3 first:pt-0 last:pb-0">
                    <p className="flex flex-wrap items-center gap-2">
                      <span className="font-semibold text-slate-900">{reasonLabel(r.reason)}</span>
                      <Badge tone={STATUS_TONE[r.status]}>{STATUS_TEXT[r.status]}</Badge>
                    </p>
                    {r.details ? <p className="mt-1 whitespace-pre-line break-words text-sm text-slate-800">{r.details}</p> : null}
                    <p className="mt-1 text-xs text-slate-600">
                      By {r.reporterName} · <time dateTime={r.createdAt}>{dateTime(r.createdAt)}</time>
                    </p>
                  </li>
                ))}
              </ol>
            )}
          </Panel>
          <Panel id="history" title="What moderators did">
            {item.audit.length === 0 ? (
              <p className="text-sm text-slate-600">No action yet.</p>
            ) : (
              <ol className="space-y-3">
                {item.audit.map((a) => (
                  <li key={a._id} className="text-sm">
                    <p className="font-semibold text-slate-900">
                      {MODERATION_ACTION_LABELS[a.action]} <span className="font-normal text-slate-700">by {a.adminName}</span>
                    </p>
                    <p className="break-words text-slate-800">{a.reason}</p>
                    <p className="text-xs text-slate-600">
                      <time dateTime={a.createdAt}>{dateTime(a.createdAt)}</time>
                    </p>
                  </li>
                ))}
              </ol>
            )}
          </Panel>
        </div>
        <div className="min-w-0 lg:col-span-2">
          <Signals signals={signals} owner={listing ? (target.ownerName ?? 'the owner') : target.title} />
        </div>
      </div>
      <AdminActionDialog pending={pending} onClose={() => setPending(null)} />
    </>
  );
}

function Panel({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={`admin-${id}`} className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id={`admin-${id}`} className="mb-3 text-lg font-semibold text-slate-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-slate-600">{label}</dt>
      <dd className="break-words font-medium text-slate-900">{children}</dd>
    </div>
  );
}

/** Signals, not verdicts (issue 26 item 4): what is known about the account the target belongs to. */
function Signals({ signals, owner }: { signals: TargetDetail['signals']; owner: string }) {
  const { recentListings: recent } = signals;
  return (
    <section aria-labelledby="admin-signals" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id="admin-signals" className="text-lg font-semibold text-slate-900">
        Signals
      </h2>
      <p className="mb-4 text-sm text-slate-600">About {owner}. Signals help you judge; nothing here is decided for you.</p>
      <div className="space-y-5">
        <SignalBlock title="Accounts with the same phone number">
          <Accounts list={signals.samePhone} />
        </SignalBlock>
        <SignalBlock title="Accounts with the same Aadhaar">
          <Accounts list={signals.sameAadhaar} />
        </SignalBlock>
        <SignalBlock title={`Listings in the last ${SIGNAL_WINDOWS.recentDays} days`}>
          <p className="text-sm text-slate-800">
            <strong>{recent.properties}</strong> {recent.properties === 1 ? 'property' : 'properties'} in <strong>{recent.cities}</strong>{' '}
            {recent.cities === 1 ? 'city' : 'cities'}
          </p>
        </SignalBlock>
        <SignalBlock title="Photos also in another owner's listing">
          {signals.reusedPhotos.length === 0 ? (
            <None />
          ) : (
            <ul className="space-y-4">
              {byOtherListing(signals.reusedPhotos).map(({ best, count }) => (
                <li key={best.otherPropertyId}>
                  <PhotoPair photo={best} count={count} />
                </li>
              ))}
            </ul>
          )}
        </SignalBlock>
        <SignalBlock title="Reports about this account and its listings">
          <p className="mb-2 text-sm text-slate-800">
            <strong>{signals.reports.total}</strong> {signals.reports.total === 1 ? 'report' : 'reports'} in all
          </p>
          <ReasonCounts counts={signals.reports.byReason} label="All reports by reason" />
        </SignalBlock>
      </div>
    </section>
  );
}

function SignalBlock({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div>
      <h3 className="mb-1.5 text-sm font-semibold text-slate-900">{title}</h3>
      {children}
    </div>
  );
}

const None = () => <p className="text-sm text-slate-600">None</p>;

function Accounts({ list }: { list: LinkedAccount[] }) {
  if (list.length === 0) return <None />;
  return (
    <ul className="space-y-1.5">
      {list.map((a) => (
        <li key={a.userId} className="flex flex-wrap items-center gap-2 text-sm">
          <Link to={PATHS.admin.target('user', a.userId)} className="font-medium text-brand-700 hover:underline">
            {a.fullName}
          </Link>
          <span className="text-slate-600">
            @{a.username} · {a.role}
          </span>
          {a.suspended ? <Badge tone="red">Suspended</Badge> : null}
        </li>
      ))}
    </ul>
  );
}

/** One entry per other listing: its closest pair of photos, and how many pairs match. */
function byOtherListing(photos: ReusedPhoto[]): { best: ReusedPhoto; count: number }[] {
  const groups = new Map<string, { best: ReusedPhoto; count: number }>();
  for (const p of photos) {
    const g = groups.get(p.otherPropertyId);
    if (!g) groups.set(p.otherPropertyId, { best: p, count: 1 });
    else groups.set(p.otherPropertyId, { best: p.distance < g.best.distance ? p : g.best, count: g.count + 1 });
  }
  return [...groups.values()];
}

/** This owner's photo beside the other owner's (the closest pair of that listing), with a link to that listing. */
function PhotoPair({ photo: p, count }: { photo: ReusedPhoto; count: number }) {
  return (
    <figure className="rounded-xl border border-slate-200 p-2">
      <div className="grid grid-cols-2 gap-2">
        <div>
          <img
            src={p.imageUrl}
            alt="As this owner posted it"
            width={160}
            height={120}
            className="aspect-[4/3] w-full rounded-lg bg-slate-100 object-cover"
          />
          <p className="mt-1 text-xs text-slate-700">This owner</p>
        </div>
        <div>
          <img
            src={p.otherImageUrl}
            alt={`As ${p.otherOwnerName} posted it`}
            width={160}
            height={120}
            className="aspect-[4/3] w-full rounded-lg bg-slate-100 object-cover"
          />
          <p className="mt-1 text-xs text-slate-700">{p.otherOwnerName}</p>
        </div>
      </div>
      <figcaption className="mt-2 space-y-1 text-sm">
        <span className="block text-slate-700">
          {p.distance === 0 ? 'The same picture' : `Nearly the same picture (${p.distance} of 64 bits differ)`}
          {count > 1 ? `; ${count} matching pairs of photos with this listing` : null}
        </span>
        <span className="flex flex-wrap gap-x-3 gap-y-1">
          <a href={PATHS.property(p.otherPropertyId)} className="font-medium text-brand-700 hover:underline">
            {p.otherOwnerName}'s listing
          </a>
          <Link to={PATHS.admin.target('user', p.otherOwnerId)} className="font-medium text-brand-700 hover:underline">
            {p.otherOwnerName}'s reports
          </Link>
        </span>
      </figcaption>
    </figure>
  );
}
