import { REFUND_METHOD_LABEL } from '@kiraya/contract/deposits';
import { formatPaise } from '@kiraya/contract/money';
import { FileText, HandCoins, Scale } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { Badge, type BadgeTone } from '../../../components/Badge';
import { secondaryButton } from '../../../components/FormField';
import { errorMessage } from '../../../lib/api';
import { formatLongDate } from '../../../lib/format';
import { PATHS } from '../../../lib/paths';
import { type Deposit, useDeposit } from '../api/deposits';
import { SettleDepositDialog } from './SettleDepositForm';

const STATUS: Record<Deposit['status'], { label: string; tone: BadgeTone }> = {
  none: { label: 'No deposit', tone: 'grey' },
  unpaid: { label: 'Not paid yet', tone: 'yellow' },
  partly_paid: { label: 'Partly paid', tone: 'yellow' },
  held: { label: 'Held', tone: 'green' },
  settled: { label: 'Settled', tone: 'blue' },
};

/**
 * A room's security deposit (issue 22 item 4) as both sides see it: asked, held (what its Deposit bill has been
 * paid), and once settled, the refund and the deductions with a link to the settlement statement. The owner
 * settles it here once a move-out is recorded. Nothing shows for a tenancy without a deposit.
 */
export function DepositPanel({ roomId, viewer }: { roomId: string; viewer: 'owner' | 'tenant' }) {
  const q = useDeposit(roomId);
  const headingId = useId();
  const [settling, setSettling] = useState(false);
  if (q.isPending) return <p className="text-sm text-slate-600">Loading the deposit…</p>;
  if (q.isError)
    return (
      <p role="alert" className="text-sm text-red-700">
        {errorMessage(q.error)}
      </p>
    );
  const d = q.data;
  if (!d || (d.status === 'none' && !d.settlement)) return null;
  const s = d.settlement;
  const status = STATUS[d.status];
  const statement = viewer === 'owner' ? PATHS.owner.depositStatement(roomId) : PATHS.tenant.depositStatement(roomId);
  const disputed = s?.deductions.filter((x) => x.disputedAt).length ?? 0;
  return (
    <section aria-labelledby={headingId} className="mt-4 rounded-xl border border-slate-200 bg-white p-4" data-testid="deposit-panel">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h3 id={headingId} className="flex items-center gap-2 font-semibold text-slate-900">
          <HandCoins aria-hidden="true" className="h-5 w-5 text-slate-600" />
          Security deposit
        </h3>
        <Badge tone={status.tone}>{status.label}</Badge>
      </div>
      <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-3">
        <div>
          <dt className="text-slate-600">Asked</dt>
          <dd className="font-semibold text-slate-900">{formatPaise(d.asked)}</dd>
        </div>
        <div>
          <dt className="text-slate-600">{s ? 'Was held' : 'Held now'}</dt>
          <dd className="font-semibold text-slate-900" data-testid="deposit-held">
            {formatPaise(s ? s.held : d.held)}
          </dd>
        </div>
        {s ? (
          <>
            <div>
              <dt className="text-slate-600">Deducted</dt>
              <dd className="font-semibold text-slate-900">{formatPaise(s.deductionsTotal)}</dd>
            </div>
            <div className="col-span-2 sm:col-span-3">
              <dt className="text-slate-600">Refunded</dt>
              <dd className="font-semibold text-slate-900">
                {formatPaise(s.refund)}
                {s.refundMethod ? ` by ${REFUND_METHOD_LABEL[s.refundMethod]}` : ''}
                {s.refundedOn ? ` on ${formatLongDate(s.refundedOn)}` : ''}
              </dd>
            </div>
          </>
        ) : null}
      </dl>
      {disputed > 0 ? (
        <p className="mt-3 text-sm font-medium text-amber-800">
          {disputed === 1 ? 'One deduction is disputed' : `${disputed} deductions are disputed`} by the tenant.
        </p>
      ) : null}
      {!s && d.status !== 'unpaid' && viewer === 'owner' && !d.moveOutDate ? (
        <p className="mt-3 text-sm text-slate-700">You settle the deposit once the move-out is recorded (Vacate).</p>
      ) : null}
      {!s && d.status === 'unpaid' ? (
        <p className="mt-3 text-sm text-slate-700">
          {viewer === 'tenant'
            ? 'Pay the Deposit bill under Billings; it is held until you move out.'
            : 'The tenant has not paid the Deposit bill yet.'}
        </p>
      ) : null}
      <div className="mt-4 flex flex-wrap gap-2">
        {viewer === 'owner' && d.canSettle ? (
          <button type="button" className={`${secondaryButton} px-3 py-1.5 text-sm`} onClick={() => setSettling(true)}>
            <Scale aria-hidden="true" className="h-4 w-4" />
            Settle deposit
          </button>
        ) : null}
        {s ? (
          <Link to={statement} className={`${secondaryButton} px-3 py-1.5 text-sm`}>
            <FileText aria-hidden="true" className="h-4 w-4" />
            Settlement statement
          </Link>
        ) : null}
      </div>
      {settling ? <SettleDepositDialog deposit={d} open={settling} onOpenChange={setSettling} /> : null}
    </section>
  );
}

/** One line for a room card (the tenant's My Rooms): where the deposit stands. Nothing without a deposit. */
export function DepositLine({ roomId }: { roomId: string }) {
  const q = useDeposit(roomId);
  const d = q.data;
  if (!d || (d.status === 'none' && !d.settlement)) return null;
  const text =
    d.status === 'settled' && d.settlement
      ? `Deposit settled: ${formatPaise(d.settlement.refund)} refunded`
      : d.status === 'held'
        ? `Deposit held: ${formatPaise(d.held)}`
        : d.status === 'partly_paid'
          ? `Deposit held: ${formatPaise(d.held)} of ${formatPaise(d.asked)}`
          : `Deposit of ${formatPaise(d.asked)} not paid yet`;
  return (
    <p className="flex items-center gap-1.5 text-sm font-medium text-slate-800" data-testid="deposit-line">
      <HandCoins aria-hidden="true" className="h-4 w-4 text-slate-500" />
      {text}
    </p>
  );
}
