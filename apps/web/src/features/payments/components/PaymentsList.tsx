import { FileText, Receipt } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Spinner } from '../../../components/Spinner';
import { errorMessage } from '../../../lib/api';
import { useBackHere } from '../../../lib/back';
import { formatLongDate, formatMoney } from '../../../lib/format';
import { useLocale } from '../../../lib/i18n';
import { PATHS } from '../../../lib/paths';
import { useMsg } from '../../../lib/useMsg';
import { useMyPayments } from '../api/payments';
import { useMethodName, usePaymentsT } from '../i18n';
import { usePaidAt } from './ReceiptPage';
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
export function PaymentsList({ roomId, viewer, showRoom = false, title: titleGiven, backLabel }: Props) {
  const t = usePaymentsT();
  const msg = useMsg();
  const locale = useLocale();
  const paidAt = usePaidAt();
  const method = useMethodName();
  const title = titleGiven ?? t('list.title');
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
          {t('list.rentReceipts')}
        </Link>
      </div>
      {roomId && viewer === 'owner' ? (
        <div className="mb-3 flex flex-wrap items-center justify-between gap-3 rounded-xl border border-slate-200 bg-white p-3">
          <p className="text-sm text-slate-700">{t('list.recordHere')}</p>
          <RecordPaymentButton roomId={roomId} />
        </div>
      ) : null}
      <PaymentReports roomId={roomId} viewer={viewer} showRoom={!roomId} />
      {roomId ? <RoomCredit roomId={roomId} viewer={viewer} /> : null}
      {q.isPending ? (
        <Spinner label={t('list.loading')} />
      ) : q.isError ? (
        <p role="alert" className="text-slate-800">
          {msg(errorMessage(q.error))}
        </p>
      ) : q.data.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 p-4 text-center text-slate-700">{t('list.empty')}</p>
      ) : (
        <ul className="divide-y divide-slate-200 overflow-hidden rounded-xl border border-slate-200 bg-white">
          {q.data.map((p) => (
            <li key={p._id} className="flex items-start justify-between gap-3 px-4 py-3">
              <div className="min-w-0">
                <p className="text-slate-900">{p.kind === 'offline' ? formatLongDate(p.paidOn, locale) : paidAt(p.paidAt)}</p>
                {showRoom ? (
                  <p className="text-sm text-slate-600">{t('list.room', { room: p.room.roomNumber, property: p.property.title })}</p>
                ) : null}
                {viewer === 'owner' ? <p className="text-sm text-slate-600">{t('list.from', { name: p.tenantId.fullName })}</p> : null}
                <p className="text-sm text-slate-700" data-testid="payment-method">
                  {method.ofLabel(p.methodLabel)}
                  {p.reference ? <span className="font-mono text-xs text-slate-600"> · {p.reference}</span> : null}
                </p>
                <p className="text-xs text-slate-600">{p.receiptNumber}</p>
                {p.reversal ? (
                  <p className="mt-1 text-sm text-red-800">
                    <span className="rounded-full bg-red-100 px-2 py-0.5 text-xs font-semibold text-red-900">{t('list.reversed')}</span>{' '}
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
                  aria-label={t('list.receiptLabel', { number: p.receiptNumber })}
                  className="inline-flex items-center gap-1 rounded-lg border border-slate-300 px-3 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-50"
                >
                  <Receipt aria-hidden="true" className="h-4 w-4" />
                  {t('list.receipt')}
                </Link>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
