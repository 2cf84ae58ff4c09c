import { MSG } from '@kiraya/contract/messages';
import { SIGNAL_WINDOWS } from '@kiraya/contract/moderation';
import { ArrowLeft, Ban, EyeOff, ExternalLink, RotateCcw, ShieldCheck } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { ActionButton } from '../../../components/ActionButton';
import { Badge } from '../../../components/Badge';
import { PageHeading } from '../../../components/PageHeading';
import { Spinner } from '../../../components/Spinner';
import { ApiError, errorMessage } from '../../../lib/api';
import { PATHS } from '../../../lib/paths';
import { useMsg } from '../../../lib/useMsg';
import { type TargetDetail, useTarget } from '../api/admin';
import { useAdminT } from '../i18n';
import { AdminActionDialog, type PendingAction } from './AdminActionDialog';
import { ACTION_LOG_KEY, ReasonCounts, reasonLabel, roleLabel, TargetStatus, targetTypeLabel, useDateTime } from './AdminParts';

type LinkedAccount = TargetDetail['signals']['samePhone'][number];
type ReusedPhoto = TargetDetail['signals']['reusedPhotos'][number];

const STATUS_TONE = { open: 'yellow', dismissed: 'grey', actioned: 'green' } as const;
const STATUS_KEY = { open: 'reports.status.open', dismissed: 'reports.status.dismissed', actioned: 'reports.status.actioned' } as const;

/**
 * /AdminDashboard/Reports/:targetType/:targetId (issue 26 items 3 and 4): the listing or account, every report about
 * it, the signals about the account it belongs to (accounts sharing the phone or the Aadhaar, recent listings, reused
 * photos, reports), its audit entries, and the actions, each asking for a reason.
 */
export function AdminTargetPage() {
  const { targetType = '', targetId = '' } = useParams();
  const q = useTarget(targetType, targetId);
  const [pending, setPending] = useState<PendingAction | null>(null);
  const t = useAdminT();
  const msg = useMsg();
  const dateTime = useDateTime();

  const back = (
    <Link to={PATHS.admin.root} className="mb-3 inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline">
      <ArrowLeft aria-hidden="true" className="h-4 w-4" />
      {t('nav.queue')}
    </Link>
  );
  if (q.isPending)
    return (
      <>
        {back}
        <Spinner label={t('target.loading')} />
      </>
    );
  if (q.isError) {
    const gone = q.error instanceof ApiError && (q.error.status === 404 || q.error.status === 400);
    return (
      <>
        {back}
        <PageHeading title={gone ? t('target.gone') : t('nav.label')} />
        <p role="alert" className="rounded-xl bg-red-50 p-4 font-medium text-red-800">
          {msg(gone ? MSG.moderationTargetNotFound : errorMessage(q.error))}
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
      <PageHeading title={target.title} subtitle={t('target.subtitle', { type: item.targetType })} />
      <section aria-label={t('target.what')} className="mb-6 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
        <div className="flex flex-wrap items-center gap-2">
          <Badge tone={listing ? 'brand' : 'blue'}>{targetTypeLabel(item.targetType, t)}</Badge>
          <TargetStatus target={target} targetType={item.targetType} />
        </div>
        <dl className="mt-3 grid gap-x-8 gap-y-2 text-sm sm:grid-cols-2">
          {listing ? (
            <>
              <Fact label={t('fact.owner')}>
                {target.ownerId ? (
                  <Link to={PATHS.admin.target('user', target.ownerId)} className="font-medium text-brand-700 hover:underline">
                    {target.ownerName ?? t('fact.owner')}
                  </Link>
                ) : (
                  (target.ownerName ?? '-')
                )}
              </Fact>
              <Fact label={t('fact.city')}>{target.city ?? '-'}</Fact>
            </>
          ) : (
            <>
              <Fact label={t('fact.username')}>{target.username ? `@${target.username}` : '-'}</Fact>
              <Fact label={t('fact.role')}>{target.role ? roleLabel(target.role, t) : '-'}</Fact>
            </>
          )}
          <Fact label={t('fact.openReports')}>{openReports}</Fact>
          <Fact label={t('fact.firstReported')}>
            {item.firstReportedAt ? <time dateTime={item.firstReportedAt}>{dateTime(item.firstReportedAt)}</time> : '-'}
          </Fact>
          {target.hidden && target.hiddenReason ? <Fact label={t('fact.hiddenWhy')}>{target.hiddenReason}</Fact> : null}
        </dl>
        {target.images?.length ? (
          // It scrolls sideways: focusable, so the arrow keys scroll it for someone without a mouse (ADR 044).
          <ul
            aria-label={t('target.photos')}
            // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus to be scrolled by keyboard
            tabIndex={0}
            className="mt-4 flex gap-2 overflow-x-auto rounded-lg pb-1 focus-visible:outline-2 focus-visible:outline-brand-700"
          >
            {target.images.map((src, i) => (
              <li key={src} className="shrink-0">
                <img
                  src={src}
                  alt={t('target.photoAlt', { title: target.title, n: i + 1, count: target.images?.length ?? 0 })}
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
            {t('target.publicPage')}
          </a>
        ) : null}
        <div className="mt-5 flex flex-wrap gap-2 border-t border-slate-200 pt-4">
          {openReports > 0 ? (
            <ActionButton icon={ShieldCheck} onClick={() => ask('dismiss', self)}>
              {t('actions.dismiss')}
            </ActionButton>
          ) : null}
          {listing && target.exists && !target.hidden ? (
            <ActionButton icon={EyeOff} tone="danger" onClick={() => ask('hide', self)}>
              {t('actions.hide')}
            </ActionButton>
          ) : null}
          {!listing && !target.suspended ? (
            <ActionButton icon={Ban} tone="danger" onClick={() => ask('suspend', self)}>
              {t('actions.suspendUser')}
            </ActionButton>
          ) : null}
          {listing && target.ownerId && !target.suspended ? (
            <ActionButton
              icon={Ban}
              tone="danger"
              onClick={() =>
                ask('suspend', { targetType: 'user', targetId: target.ownerId as string, name: target.ownerName ?? t('target.theOwner') })
              }
            >
              {t('actions.suspendOwner')}
            </ActionButton>
          ) : null}
          {(listing && target.hidden) || (!listing && target.suspended) ? (
            <ActionButton icon={RotateCcw} onClick={() => ask('restore', self)}>
              {t('actions.restore')}
            </ActionButton>
          ) : null}
        </div>
      </section>

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-5 lg:items-start">
        <div className="min-w-0 space-y-6 lg:col-span-3">
          <Panel id="reports" title={t('reports.title', { count: item.reports.length })}>
            {item.reports.length === 0 ? (
              <p className="text-sm text-slate-600">{t('reports.none')}</p>
            ) : (
              <ol className="divide-y divide-slate-200">
                {item.reports.map((r) => (
                  <li key={r._id} className="py-3 first:pt-0 last:pb-0">
                    <p className="flex flex-wrap items-center gap-2">
                      <span className="font-semibold text-slate-900">{reasonLabel(r.reason, t)}</span>
                      <Badge tone={STATUS_TONE[r.status]}>{t(STATUS_KEY[r.status])}</Badge>
                    </p>
                    {r.details ? <p className="mt-1 whitespace-pre-line break-words text-sm text-slate-800">{r.details}</p> : null}
                    <p className="mt-1 text-xs text-slate-600">
                      {t.rich('reports.by', { name: r.reporterName, when: <time dateTime={r.createdAt}>{dateTime(r.createdAt)}</time> })}
                    </p>
                  </li>
                ))}
              </ol>
            )}
          </Panel>
          <Panel id="history" title={t('history.title')}>
            {item.audit.length === 0 ? (
              <p className="text-sm text-slate-600">{t('history.none')}</p>
            ) : (
              <ol className="space-y-3">
                {item.audit.map((a) => (
                  <li key={a._id} className="text-sm">
                    <p className="font-semibold text-slate-900">
                      {t(ACTION_LOG_KEY[a.action])} <span className="font-normal text-slate-700">{t('log.by', { name: a.adminName })}</span>
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
          <Signals signals={signals} owner={listing ? (target.ownerName ?? t('target.theOwner')) : target.title} />
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
  const t = useAdminT();
  const { recentListings: recent } = signals;
  return (
    <section aria-labelledby="admin-signals" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id="admin-signals" className="text-lg font-semibold text-slate-900">
        {t('signals.title')}
      </h2>
      <p className="mb-4 text-sm text-slate-600">{t('signals.about', { name: owner })}</p>
      <div className="space-y-5">
        <SignalBlock title={t('signals.samePhone')}>
          <Accounts list={signals.samePhone} />
        </SignalBlock>
        <SignalBlock title={t('signals.sameAadhaar')}>
          <Accounts list={signals.sameAadhaar} />
        </SignalBlock>
        <SignalBlock title={t('signals.recent', { days: SIGNAL_WINDOWS.recentDays })}>
          <p className="text-sm font-medium text-slate-800">
            {t('signals.recentCount', { properties: recent.properties, cities: recent.cities })}
          </p>
        </SignalBlock>
        <SignalBlock title={t('signals.reused')}>
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
        <SignalBlock title={t('signals.reports')}>
          <p className="mb-2 text-sm font-medium text-slate-800">{t('signals.reportsTotal', { count: signals.reports.total })}</p>
          <ReasonCounts counts={signals.reports.byReason} label={t('signals.byReason')} />
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

function None() {
  const t = useAdminT();
  return <p className="text-sm text-slate-600">{t('signals.none')}</p>;
}

function Accounts({ list }: { list: LinkedAccount[] }) {
  const t = useAdminT();
  if (list.length === 0) return <None />;
  return (
    <ul className="space-y-1.5">
      {list.map((a) => (
        <li key={a.userId} className="flex flex-wrap items-center gap-2 text-sm">
          <Link to={PATHS.admin.target('user', a.userId)} className="font-medium text-brand-700 hover:underline">
            {a.fullName}
          </Link>
          <span className="text-slate-600">
            @{a.username} · {roleLabel(a.role, t)}
          </span>
          {a.suspended ? <Badge tone="red">{t('status.suspended')}</Badge> : null}
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
  const t = useAdminT();
  return (
    <figure className="rounded-xl border border-slate-200 p-2">
      <div className="grid grid-cols-2 gap-2">
        <div>
          <img
            src={p.imageUrl}
            alt={t('photo.mineAlt')}
            width={160}
            height={120}
            className="aspect-[4/3] w-full rounded-lg bg-slate-100 object-cover"
          />
          <p className="mt-1 text-xs text-slate-700">{t('photo.mine')}</p>
        </div>
        <div>
          <img
            src={p.otherImageUrl}
            alt={t('photo.otherAlt', { name: p.otherOwnerName })}
            width={160}
            height={120}
            className="aspect-[4/3] w-full rounded-lg bg-slate-100 object-cover"
          />
          <p className="mt-1 text-xs text-slate-700">{p.otherOwnerName}</p>
        </div>
      </div>
      <figcaption className="mt-2 space-y-1 text-sm">
        <span className="block text-slate-700">
          {p.distance === 0 ? t('photo.same') : t('photo.near', { distance: p.distance })}
          {count > 1 ? t('photo.pairs', { count }) : null}
        </span>
        <span className="flex flex-wrap gap-x-3 gap-y-1">
          <a href={PATHS.property(p.otherPropertyId)} className="font-medium text-brand-700 hover:underline">
            {t('photo.listing', { name: p.otherOwnerName })}
          </a>
          <Link to={PATHS.admin.target('user', p.otherOwnerId)} className="font-medium text-brand-700 hover:underline">
            {t('photo.reports', { name: p.otherOwnerName })}
          </Link>
        </span>
      </figcaption>
    </figure>
  );
}
