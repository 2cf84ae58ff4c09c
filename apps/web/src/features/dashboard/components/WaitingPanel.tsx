import { MSG } from '@kiraya/contract/messages';
import { BellRing } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Spinner } from '../../../components/Spinner';
import { formatDate, formatMoney } from '../../../lib/format';
import { useLocale } from '../../../lib/i18n';
import { PATHS } from '../../../lib/paths';
import { useMsg } from '../../../lib/useMsg';
import { useOwnerWaiting } from '../api/waiting';
import { useDashboardT } from '../i18n';

const action = 'inline-flex shrink-0 items-center rounded-lg bg-brand-700 px-3 py-1.5 text-sm font-semibold text-white hover:bg-brand-800';

/**
 * The owner home's "Waiting for you" (ADR 042): everything that needs the owner, from one call, each with its
 * action: UPI payments to confirm (opens the report, Confirm or Reject), messages to answer, rooms with rent
 * past its due date (their billing, to record a payment), deposits to settle after a move-out.
 */
export function WaitingPanel() {
  const t = useDashboardT();
  const msg = useMsg();
  const locale = useLocale();
  const q = useOwnerWaiting();
  const w = q.data;
  const count = w ? w.reports.length + w.messages.length + w.overdue.length + w.deposits.length : 0;
  return (
    <section aria-labelledby="waiting" className="mt-8 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
      <h2 id="waiting" className="flex items-center gap-2 text-lg font-semibold text-slate-900">
        <BellRing aria-hidden="true" className="h-5 w-5 text-brand-700" />
        {w && count > 0 ? t('waiting.headingCount', { count }) : t('waiting.heading')}
      </h2>
      {q.isPending ? (
        <Spinner label={t('waiting.loading')} />
      ) : q.isError ? (
        <p role="alert" className="mt-3 text-sm font-medium text-red-800">
          {msg(MSG.internal)}
        </p>
      ) : count === 0 ? (
        <p className="mt-3 text-sm text-slate-700">{t('waiting.empty')}</p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-200">
          {w?.reports.map((r) => (
            <Item
              key={`r-${r._id}`}
              kind={t('waiting.kind.report')}
              text={t('waiting.report', {
                name: r.tenant.fullName,
                amount: formatMoney(r.amount),
                date: formatDate(r.paidOn, locale),
                place: t('place', { property: r.property.title, room: r.room.roomNumber }),
              })}
              to={PATHS.owner.paymentReport(r._id)}
              label={t('waiting.report.action')}
              aria={t('waiting.report.aria', { name: r.tenant.fullName, amount: formatMoney(r.amount) })}
            />
          ))}
          {w?.messages.map((m) => (
            <Item
              key={`m-${m.threadId}`}
              kind={m.kind === 'enquiry' ? t('waiting.kind.enquiry') : t('waiting.kind.message')}
              text={t('waiting.message', {
                name: m.from,
                count: m.unread,
                place: t('place', { property: m.room.propertyTitle, room: m.room.roomNumber }),
              })}
              to={`${PATHS.owner.messages}?${new URLSearchParams({ thread: m.threadId })}`}
              label={t('waiting.message.action')}
              aria={t('waiting.message.aria', { name: m.from })}
            />
          ))}
          {w?.overdue.map((o) => (
            <Item
              key={`o-${o.room._id}`}
              kind={t('waiting.kind.overdue')}
              text={t(o.tenant ? 'waiting.overdue' : 'waiting.overdueNoTenant', {
                place: t('place', { property: o.property.title, room: o.room.roomNumber }),
                name: o.tenant?.fullName ?? '',
                amount: formatMoney(o.overdue),
                date: formatDate(o.since, locale),
              })}
              to={PATHS.owner.rooms(o.property._id)}
              label={t('waiting.overdue.action')}
              aria={t('waiting.overdue.aria', { room: o.room.roomNumber })}
            />
          ))}
          {w?.deposits.map((d) => (
            <Item
              key={`d-${d.room._id}`}
              kind={t('waiting.kind.deposit')}
              text={t('waiting.deposit', {
                place: t('place', { property: d.property.title, room: d.room.roomNumber }),
                name: d.tenant.fullName,
                amount: formatMoney(d.held),
                date: formatDate(d.movedOutOn, locale),
              })}
              to={PATHS.owner.rooms(d.property._id)}
              label={t('waiting.deposit.action')}
              aria={t('waiting.deposit.aria', { room: d.room.roomNumber })}
            />
          ))}
        </ul>
      )}
    </section>
  );
}

function Item({ kind, text, to, label, aria }: { kind: string; text: ReactNode; to: string; label: string; aria: string }) {
  return (
    <li className="flex flex-col gap-2 py-3 text-sm sm:flex-row sm:items-center sm:justify-between sm:gap-4">
      <div className="min-w-0">
        <span className="block text-xs font-semibold uppercase tracking-wide text-slate-600">{kind}</span>
        <span className="text-slate-900">{text}</span>
      </div>
      <Link to={to} className={action} aria-label={aria}>
        {label}
      </Link>
    </li>
  );
}
