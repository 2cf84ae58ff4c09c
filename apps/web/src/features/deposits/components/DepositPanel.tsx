import { formatPaise } from '@kiraya/contract/money';
import { FileText, HandCoins, Scale } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { Badge, type BadgeTone } from '../../../components/Badge';
import { secondaryButton } from '../../../components/FormField';
import { errorMessage } from '../../../lib/api';
import { formatLongDate } from '../../../lib/format';
import { useLocale } from '../../../lib/i18n';
import { PATHS } from '../../../lib/paths';
import { useMsg } from '../../../lib/useMsg';
import { type Deposit, useDeposit } from '../api/deposits';
import { useDepositsT } from '../i18n';
import { SettleDepositDialog } from './SettleDepositForm';

const STATUS_TONE: Record<Deposit['status'], BadgeTone> = {
  none: 'grey',
  unpaid: 'yellow',
  partly_paid: 'yellow',
  held: 'green',
  settled: 'blue',
};

/**
 * A room's security deposit (issue 22 item 4) as both sides see it: asked, held (what its Deposit bill has been
 * paid), and once settled, the refund and the deductions with a link to the settlement statement. The owner
 * settles it here once a move-out is recorded. Nothing shows for a tenancy without a deposit.
 */
export function DepositPanel({ roomId, viewer }: { roomId: string; viewer: 'owner' | 'tenant' }) {
  const t = useDepositsT();
  const msg = useMsg();
  const locale = useLocale();
  const q = useDeposit(roomId);
  const headingId = useId();
  const [settling, setSettling] = useState(false);
  if (q.isPending) return <p className="text-sm text-slate-600">{t('panel.loading')}</p>;
  if (q.isError)
    return (
      <p role="alert" className="text-sm text-red-700">
        {msg(errorMessage(q.error))}
      </p>
    );
  const d = q.data;
  if (!d || (d.status === 'none' && !d.settlement)) return null;
  const s = d.settlement;
  const refund = s
    ? {
        amount: formatPaise(s.refund),
        method: s.refundMethod ? t(`refundMethod.${s.refundMethod}`) : '',
        date: s.refundedOn ? formatLongDate(s.refundedOn, locale) : '',
      }
    : null;
  const statement = viewer === 'owner' ? PATHS.owner.depositStatement(roomId) : PATHS.tenant.depositStatement(roomId);
  const disputed = s?.deductions.filter((x) => x.disputedAt).length ?? 0;
  return (
    <section aria-labelledby={headingId} className="mt-4 rounded-xl border border-slate-200 bg-white p-4" data-testid="deposit-panel">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h3 id={headingId} className="flex items-center gap-2 font-semibold text-slate-900">
          <HandCoins aria-hidden="true" className="h-5 w-5 text-slate-600" />
          {t('panel.title')}
        </h3>
        <Badge tone={STATUS_TONE[d.status]}>{t(`status.${d.status}`)}</Badge>
      </div>
      <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-3">
        <div>
          <dt className="text-slate-600">{t('panel.asked')}</dt>
          <dd className="font-semibold text-slate-900">{formatPaise(d.asked)}</dd>
        </div>
        <div>
          <dt className="text-slate-600">{s ? t('panel.wasHeld') : t('panel.heldNow')}</dt>
          <dd className="font-semibold text-slate-900" data-testid="deposit-held">
            {formatPaise(s ? s.held : d.held)}
          </dd>
        </div>
        {s && refund ? (
          <>
            <div>
              <dt className="text-slate-600">{t('panel.deducted')}</dt>
              <dd className="font-semibold text-slate-900">{formatPaise(s.deductionsTotal)}</dd>
            </div>
            <div className="col-span-2 sm:col-span-3">
              <dt className="text-slate-600">{t('panel.refunded')}</dt>
              <dd className="font-semibold text-slate-900">
                {refund.method && refund.date
                  ? t('panel.refundByOn', refund)
                  : refund.method
                    ? t('panel.refundBy', refund)
                    : refund.date
                      ? t('panel.refundOn', refund)
                      : t('panel.refund', refund)}
              </dd>
            </div>
          </>
        ) : null}
      </dl>
      {disputed > 0 ? <p className="mt-3 text-sm font-medium text-amber-800">{t('panel.disputed', { count: disputed })}</p> : null}
      {!s && d.status !== 'unpaid' && viewer === 'owner' && !d.moveOutDate ? (
        <p className="mt-3 text-sm text-slate-700">{t('panel.settleAfterMoveOut')}</p>
      ) : null}
      {!s && d.status === 'unpaid' ? (
        <p className="mt-3 text-sm text-slate-700">{viewer === 'tenant' ? t('panel.unpaidTenant') : t('panel.unpaidOwner')}</p>
      ) : null}
      <div className="mt-4 flex flex-wrap gap-2">
        {viewer === 'owner' && d.canSettle ? (
          <button type="button" className={`${secondaryButton} px-3 py-1.5 text-sm`} onClick={() => setSettling(true)}>
            <Scale aria-hidden="true" className="h-4 w-4" />
            {t('panel.settle')}
          </button>
        ) : null}
        {s ? (
          <Link to={statement} className={`${secondaryButton} px-3 py-1.5 text-sm`}>
            <FileText aria-hidden="true" className="h-4 w-4" />
            {t('panel.statement')}
          </Link>
        ) : null}
      </div>
      {settling ? <SettleDepositDialog deposit={d} open={settling} onOpenChange={setSettling} /> : null}
    </section>
  );
}

/** One line for a room card (the tenant's My Rooms): where the deposit stands. Nothing without a deposit. */
export function DepositLine({ roomId }: { roomId: string }) {
  const t = useDepositsT();
  const q = useDeposit(roomId);
  const d = q.data;
  if (!d || (d.status === 'none' && !d.settlement)) return null;
  const text =
    d.status === 'settled' && d.settlement
      ? t('line.settled', { refund: formatPaise(d.settlement.refund) })
      : d.status === 'held'
        ? t('line.held', { held: formatPaise(d.held) })
        : d.status === 'partly_paid'
          ? t('line.partlyHeld', { held: formatPaise(d.held), asked: formatPaise(d.asked) })
          : t('line.unpaid', { asked: formatPaise(d.asked) });
  return (
    <p className="flex items-center gap-1.5 text-sm font-medium text-slate-800" data-testid="deposit-line">
      <HandCoins aria-hidden="true" className="h-4 w-4 text-slate-500" />
      {text}
    </p>
  );
}
