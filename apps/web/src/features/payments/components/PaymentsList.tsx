import { FileText, Receipt } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Spinner } from '../../../components/Spinner';
import { errorMessage } from '../../../lib/api';
import { useBackHere } from '../../../lib/back';
import { formatLongDate, formatMoney } from '../../../lib/format';
import { PATHS } from '../../../lib/paths';
import { useMyPayments } from '../api/payments';
import { formatPaidAt } from './ReceiptPage';
import { PaymentReports, RecordPaymentButton, ReversePaymentButton } from './OfflinePayments';
import { RoomCredit } from './RoomCredit';

type Props = {
  /** One room's payments, or every payment of the signed-in user. */
  roomId?: string;
  viewer: 'tenant' | 'owner';
  /** Show the room on each row (lists across rooms). */
  showRoom?: boolean;
  title?: string;
  /** What the receipt's Back link says to come back here. */
  backLabel: string;
};

/**
 * "Payments" (B10): date, amount and a receipt link per payment, newest first: the tenant's payments made
 * (room detail, Billings) or the owner's received for a room (the room card's Billing Details tab).
 */
export function PaymentsList({ roomId, viewer, showRoom = false, title = 'Payments', backLabel }: Props) {
  const q = useMyPayments(roomId);
  const backHere = useBackHere(backLabel);
  const receipt = viewer === 'tenant' ? PATHS.tenant.receipt : PATHS.owner.receipt;
  const rentReceipts = roomId
    ? viewer === 'tenant'
      ? PATHS.tenant.rentReceiptsFor(roomId)
      : PATHS.owner.rentReceipts(roomId)
    : PATHS.tenant.rentReceipts;
  return (
    <section aria-label={title} className="mt-6">
      <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-lg font-semibold text-slate-900">{title}</h2>
        <Link
          to={rentReceipts}
          state={backHere}
          className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline"
        >
          <FileText aria-hidden="true" className="h-4 w-4" />
          Rent receipts (HRA)
        </Link>
      </div>
      {roomId && viewer === 'owner' ? (
        <div className="mb-3 flex flex-wrap items-center justify-between gap-3 rounded-xl border border-slate-200 bg-white p-3">
          <p className="text-sm text-slate-700">Paid in cash, by UPI to you, by bank transfer or cheque? Record it here.</p>
          <RecordPaymentButton roomId={roomId} />
        </div>
      ) : null}
      <PaymentReports roomId={roomId} viewer={viewer} showRoom={!roomId} />
      {roomId ? <RoomCredit roomId={roomId} viewer={viewer} /> : null}
      {q.isPending ? (
        <Spinner label="Loading payments" />
      ) : q.isError ? (
        <p role="alert" className="text-slate-800">
          {errorMessage(q.error)}
        </p>
      ) : q.data.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 p-4 text-center text-slate-700">No payments yet</p>
      ) : (
        <ul className="divide-y divide-slate-200 overflow-hidden rounded-xl border border-slate-200 bg-white">
          {q.data.map((p) => (
            <li key={p._id} className="flex items-start justify-between gap-3 px-4 py-3">
              <div className="min-w-0">
                <p className="text-slate-900">{p.kind === 'offline' ? formatLongDate(p.paidOn) : formatPaidAt(p.paidAt)}</p>
                {showRoom ? (
                  <p className="text-sm text-slate-600">
                    Room {p.room.roomNumber} · {p.property.title}
                  </p>
                ) : null}
                {viewer === 'owner' ? <p className="text-sm text-slate-600">from {p.tenantId.fullName}</p> : null}
                <p className="text-sm text-slate-700" data-testid="payment-method">
                  {p.methodLabel}
                  {p.reference ? <span className="font-mono text-xs text-slate-600"> · {p.reference}</span> : null}
                </p>
                <p className="text-xs text-slate-600">{p.receiptNumber}</p>
                {p.reversal ? (
                  <p className="mt-1 text-sm text-red-800">
                    <span className="rounded-full bg-red-100 px-2 py-0.5 text-xs font-semibold text-red-900">Reversed</span>{' '}
                    {p.reversal.reason}
                  </p>
                ) : null}
              </div>
              <div className="flex shrink-0 flex-col items-end gap-1.5">
                <span className={`font-semibold ${p.reversal ? 'text-slate-500 line-through' : 'text-slate-900'}`}>
                  {formatMoney(p.amount)}
                </span>
                {viewer === 'owner' && p.reversible ? (
                  <ReversePaymentButton paymentId={p._id} receiptNumber={p.receiptNumber} amount={p.amount} />
                ) : null}
                <Link
                  to={receipt(p._id)}
                  state={backHere}
                  aria-label={`Receipt ${p.receiptNumber}`}
                  className="inline-flex items-center gap-1 rounded-lg border border-slate-300 px-3 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-50"
                >
                  <Receipt aria-hidden="true" className="h-4 w-4" />
                  Receipt
                </Link>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
