import type { Bill } from '@kiraya/contract';
import { MSG } from '@kiraya/contract/messages';
import { ArrowLeft, RotateCw } from 'lucide-react';
import { useId, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { toast } from 'sonner';
import { Badge } from '../../../components/Badge';
import { primaryButton, secondaryButton } from '../../../components/FormField';
import { PageHeading } from '../../../components/PageHeading';
import { Spinner } from '../../../components/Spinner';
import { ApiError } from '../../../lib/api';
import { formatDate, formatLongDate, formatMoney } from '../../../lib/format';
import { PATHS } from '../../../lib/paths';
import { useSession } from '../../../lib/session';
import { CheckoutUnavailableError } from '../api/checkout';
import { createOrder, isTransient, PayLoadError, usePayContext, useAfterPayment, verifyPaymentSurely } from '../api/payments';
import { useCheckout } from './useCheckout';

const paise = (rupees: number) => Math.round(rupees * 100);
/** What a bill still owes, rupees. */
export const billOwed = (b: Pick<Bill, 'amount' | 'paidAmount'>): number => Math.max(0, paise(b.amount) - paise(b.paidAmount)) / 100;
/** What a group still owes, rupees, exact to the paisa. */
export const groupOwed = (bills: Pick<Bill, 'amount' | 'paidAmount'>[]): number => bills.reduce((s, b) => s + paise(billOwed(b)), 0) / 100;

/** The amount field's rule (spec 5): negatives are clamped to 0; anything else is kept as typed. */
export function clampAmountInput(raw: string): string {
  const n = Number(raw);
  return raw.trim() !== '' && Number.isFinite(n) && n < 0 ? '0' : raw;
}

/** The pay button is off while the amount is empty or zero, or while a payment is under way (spec 2). */
export const payDisabled = (amount: string, processing: boolean): boolean =>
  processing || amount.trim() === '' || !Number.isFinite(Number(amount)) || Number(amount) === 0;

/** A bill's status as the lists show it (B6, B10). */
export function BillStatusBadges({ bill }: { bill: Pick<Bill, 'status' | 'amount' | 'paidAmount' | 'overdue'> }) {
  return (
    <>
      {bill.status === 'paid' ? (
        <Badge tone="green">Paid</Badge>
      ) : bill.status === 'partly_paid' ? (
        <Badge tone="blue">
          Partly paid {formatMoney(bill.paidAmount)} of {formatMoney(bill.amount)}
        </Badge>
      ) : (
        <Badge tone="yellow">Unpaid</Badge>
      )}
      {bill.overdue && bill.status !== 'paid' ? <Badge tone="red">Overdue</Badge> : null}
    </>
  );
}

/** The message for a failed create-order (spec 8): the server's message, or "Payment initialization failed". */
const orderFailure = (e: unknown): string => (e instanceof ApiError && e.status > 0 && e.code ? e.message : MSG.paymentInitFailed);
/** The message for a failed verify-payment: a bad signature is the spec's text, a settled order the server's. */
const verifyFailure = (e: unknown): string =>
  e instanceof ApiError && (e.code === 'ALREADY_PAID' || e.code === 'AMOUNT_TOO_HIGH') ? e.message : MSG.paymentVerifyFailed;

/** /TenantDashboard/PayBill/{billId} (spec 2 Pay screen, 4 Payment, 7 checkout, 8 messages). */
export function PayBillPage() {
  const { id = '' } = useParams();
  const ctx = usePayContext(id);
  const { user } = useSession();
  const navigate = useNavigate();
  const afterPayment = useAfterPayment();
  const { checkout, dialog } = useCheckout((m) => toast.error(m));
  const [amount, setAmount] = useState<string | null>(null);
  const [processing, setProcessing] = useState(false);
  const amountId = useId();

  const back = (
    <Link
      to={PATHS.tenant.billings}
      className="mb-3 inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline print:hidden"
    >
      <ArrowLeft aria-hidden="true" className="h-4 w-4" />
      Back to Billings
    </Link>
  );

  if (ctx.isPending) return <Spinner label="Loading your bill" />;
  if (ctx.isError)
    return (
      <>
        {back}
        <PageHeading title="Pay Bill" />
        <div className="rounded-xl border border-red-200 bg-red-50 p-5">
          <p role="alert" className="font-medium text-red-800">
            {ctx.error instanceof PayLoadError ? ctx.error.message : MSG.billsFetchFailed}
          </p>
          <button type="button" className={`${secondaryButton} mt-3`} onClick={() => void ctx.refetch()} disabled={ctx.isFetching}>
            <RotateCw aria-hidden="true" className="h-4 w-4" />
            Try Again
          </button>
        </div>
      </>
    );

  const { group, room } = ctx.data;
  const rent = group.bills.find((b) => b.billType === 'Rent Bill');
  const owed = groupOwed(group.bills);
  const paid = group.bills.reduce((s, b) => s + paise(b.paidAmount), 0) / 100;
  const value = amount ?? (owed > 0 ? owed.toFixed(2) : '0');
  const roomId = room?.roomId ?? group.room._id;
  const address = room
    ? [room.property_id.street, room.property_id.landmark, room.property_id.city, room.property_id.state, room.property_id.pincode]
        .filter(Boolean)
        .join(', ')
    : null;

  const pay = async () => {
    const n = Number(value);
    if (!Number.isFinite(n) || n <= 0) return void toast.error(MSG.paymentAmountInvalid);
    if (n < 1) return void toast.error(MSG.paymentMinimum);
    if (!roomId) return void toast.error(MSG.roomInfoMissing);
    if (!room) return void toast.error(MSG.invalidRoomData);
    setProcessing(true);
    try {
      let order: Awaited<ReturnType<typeof createOrder>>;
      try {
        order = await createOrder(n, roomId);
      } catch (e) {
        toast.error(orderFailure(e));
        return;
      }
      let outcome: Awaited<ReturnType<typeof checkout>>;
      try {
        outcome = await checkout({
          order,
          roomId,
          merchant: room.ownerId.fullName,
          prefill: { name: user?.fullName, email: user?.email, contact: user?.phoneNumber },
        });
      } catch (e) {
        toast.error(e instanceof CheckoutUnavailableError ? MSG.paymentUnavailable : MSG.paymentInitFailed);
        return;
      }
      if (outcome.kind === 'dismissed') return void toast.info(MSG.paymentWindowClosed);
      if (outcome.kind === 'failed') return void toast.error(outcome.message);
      try {
        await verifyPaymentSurely(outcome.result, { roomId, amount: n, tenantId: user?._id });
      } catch (e) {
        // Still no answer after the retries: the money has gone, and the reconciliation sweep records it.
        toast.error(isTransient(e) ? MSG.paymentNotConfirmed : verifyFailure(e));
        await afterPayment();
        return;
      }
      await afterPayment();
      toast.success(MSG.paymentSuccessful);
      navigate(PATHS.tenant.myRooms);
    } finally {
      setProcessing(false);
    }
  };

  return (
    <>
      {back}
      <PageHeading title="Pay Bill" subtitle={`Bills of ${formatLongDate(group.billDate)}`} />
      <div className="grid gap-6 lg:grid-cols-[1fr_22rem]">
        <section aria-labelledby={`${amountId}-bill`} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
          <h2 id={`${amountId}-bill`} className="sr-only">
            Bill details
          </h2>
          <dl className="grid gap-4 sm:grid-cols-3">
            <div>
              <dt className="text-sm font-medium text-slate-600">Bill ID</dt>
              <dd className="mt-0.5 break-all font-mono text-sm text-slate-900">{ctx.data.billId}</dd>
            </div>
            <div>
              <dt className="text-sm font-medium text-slate-600">Monthly Rent</dt>
              <dd className="mt-0.5 text-lg font-bold text-slate-900">{rent ? formatMoney(rent.amount) : '-'}</dd>
            </div>
            <div>
              <dt className="text-sm font-medium text-slate-600">Property</dt>
              <dd className="mt-0.5 text-slate-900">
                <span className="font-semibold">{group.property.title}</span> · Room {group.room.roomNumber}
                {address ? <span className="block text-sm text-slate-600">{address}</span> : null}
              </dd>
            </div>
          </dl>
          <h3 className="mt-6 text-sm font-semibold uppercase tracking-wide text-slate-600">Bills</h3>
          <ul className="mt-2 divide-y divide-slate-200 rounded-lg border border-slate-200">
            {group.bills.map((b) => (
              <li
                key={b._id}
                className="flex flex-wrap items-center gap-x-3 gap-y-1 px-4 py-3"
                aria-current={b._id === id ? 'true' : undefined}
              >
                <span
                  className={`font-medium text-slate-900 ${b._id === id ? 'underline decoration-brand-600 decoration-2 underline-offset-4' : ''}`}
                >
                  {b.billType}
                </span>
                <BillStatusBadges bill={b} />
                <span className="ml-auto font-semibold text-slate-900">{formatMoney(b.amount)}</span>
              </li>
            ))}
          </ul>
          <dl className="mt-4 space-y-1 text-slate-800">
            <div className="flex justify-between">
              <dt>Total</dt>
              <dd className="font-semibold">{formatMoney(group.bills.reduce((s, b) => s + paise(b.amount), 0) / 100)}</dd>
            </div>
            {paid > 0 ? (
              <div className="flex justify-between">
                <dt>Paid so far</dt>
                <dd>{formatMoney(paid)}</dd>
              </div>
            ) : null}
            <div className="flex justify-between text-lg">
              <dt className="font-semibold">Still owed</dt>
              <dd className="font-bold text-slate-900" data-testid="still-owed">
                {formatMoney(owed)}
              </dd>
            </div>
          </dl>
        </section>
        <section aria-labelledby={`${amountId}-pay`} className="self-start rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
          <h2 id={`${amountId}-pay`} className="text-lg font-semibold text-slate-900">
            Payment
          </h2>
          <p className="mt-1 text-sm text-slate-700">
            Due date: <span className="font-semibold text-slate-900">{formatDate(group.dueDate)}</span>
          </p>
          {owed === 0 ? (
            <p role="status" className="mt-3 rounded-lg bg-green-50 p-3 text-sm font-medium text-green-800">
              {MSG.nothingOwed}
            </p>
          ) : null}
          <form
            className="mt-4"
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              if (!payDisabled(value, processing)) void pay();
            }}
          >
            <label htmlFor={amountId} className="mb-1 block text-sm font-medium text-slate-800">
              Amount (₹)
            </label>
            <input
              id={amountId}
              type="number"
              inputMode="decimal"
              min={1}
              step="0.01"
              value={value}
              onChange={(e) => setAmount(clampAmountInput(e.target.value))}
              aria-describedby={`${amountId}-hint`}
              className="block w-full rounded-lg border border-slate-300 px-3 py-2 text-lg text-slate-900 shadow-sm focus:border-brand-700 focus:outline-none focus:ring-2 focus:ring-brand-700/30"
            />
            <p id={`${amountId}-hint`} className="mt-1 text-sm text-slate-600">
              Minimum ₹1. Pay all or part of what is owed; payments settle the oldest bills first.
            </p>
            <button type="submit" className={`${primaryButton} mt-4 w-full py-3 text-lg`} disabled={payDisabled(value, processing)}>
              {processing ? 'Processing...' : 'Pay Now'}
            </button>
          </form>
        </section>
      </div>
      {dialog}
    </>
  );
}
