import type { PaySummary, Payment } from '@kiraya/contract';
import { MSG } from '@kiraya/contract/messages';
import { formatPaise, paiseToRupees, tryRupeesToPaise } from '@kiraya/contract/money';
import { MIN_PAYMENT_PAISE } from '@kiraya/contract/payments';
import { ArrowLeft, RotateCw } from 'lucide-react';
import { useId, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { toast } from 'sonner';
import { Badge } from '../../../components/Badge';
import { secondaryButton } from '../../../components/FormField';
import { PageHeading } from '../../../components/PageHeading';
import { Spinner } from '../../../components/Spinner';
import { ApiError } from '../../../lib/api';
import { formatDate, formatLongDate, formatMoney } from '../../../lib/format';
import { useLocale } from '../../../lib/i18n';
import { useMsg } from '../../../lib/useMsg';
import { PATHS } from '../../../lib/paths';
import { useSession } from '../../../lib/session';
import { CheckoutUnavailableError } from '../api/checkout';
import {
  createOrder,
  isTransient,
  type PayContext,
  PayLoadError,
  usePayContext,
  usePaySummary,
  useAfterPayment,
  verifyPaymentSurely,
} from '../api/payments';
import { usePaymentsT } from '../i18n';
import { UpiPay } from './UpiPay';
import { PayAmountForm, type PayValues, usePayForm } from './PayAmountForm';
import { owedThrough, PaymentConfirmation, SettlementList, settlementsFor } from './PaySettlement';
import { useCheckout } from './useCheckout';

/** The message for a failed create-order (spec 8): the server's message, or "Payment initialization failed". */
const orderFailure = (e: unknown): string => (e instanceof ApiError && e.status > 0 && e.code ? e.message : MSG.paymentInitFailed);
/** The message for a failed verify-payment: a bad signature is the spec's text, a settled order the server's. */
const verifyFailure = (e: unknown): string =>
  e instanceof ApiError && (e.code === 'ALREADY_PAID' || e.code === 'AMOUNT_TOO_HIGH') ? e.message : MSG.paymentVerifyFailed;

/**
 * /TenantDashboard/PayBill/{billId} (spec 2 Pay screen, 4 Payment, 7 checkout, 8 messages; issue 19): the
 * room's whole balance, the bills a payment of the typed amount settles, oldest first as the ledger does,
 * and after paying a confirmation with the receipt.
 */
export function PayBillPage() {
  const t = usePaymentsT();
  const msg = useMsg();
  const { id = '' } = useParams();
  const ctx = usePayContext(id);
  const roomId = ctx.data?.room?.roomId ?? ctx.data?.group.room._id ?? '';
  const summary = usePaySummary(roomId);
  const [paid, setPaid] = useState<Payment | null>(null);

  const back = (
    <Link
      to={PATHS.tenant.billings}
      className="mb-3 inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline print:hidden"
    >
      <ArrowLeft aria-hidden="true" className="h-4 w-4" />
      {t('pay.back')}
    </Link>
  );

  if (paid) return <PaymentConfirmation payment={paid} balanceLeft={summary.isFetching ? null : (summary.data?.balance ?? null)} />;
  if (ctx.isPending || (roomId && summary.isPending)) return <Spinner label={t('pay.loading')} />;
  if (ctx.isError || summary.isError)
    return (
      <>
        {back}
        <PageHeading title={t('pay.title')} />
        <div className="rounded-xl border border-red-200 bg-red-50 p-5">
          <p role="alert" className="font-medium text-red-800">
            {ctx.error instanceof PayLoadError
              ? ctx.error.notYours
                ? t('pay.notYours')
                : msg(ctx.error.message)
              : msg(MSG.billsFetchFailed)}
          </p>
          <button
            type="button"
            className={`${secondaryButton} mt-3`}
            onClick={() => void Promise.all([ctx.refetch(), summary.refetch()])}
            disabled={ctx.isFetching || summary.isFetching}
          >
            <RotateCw aria-hidden="true" className="h-4 w-4" />
            {t('pay.tryAgain')}
          </button>
        </div>
      </>
    );

  return (
    <>
      {back}
      <PayScreen pay={ctx.data} roomId={roomId} summary={summary.data} onPaid={setPaid} />
    </>
  );
}

/** The loaded Pay screen: what the room owes with the live settlement preview, and the payment form. */
function PayScreen({
  pay: { group, room },
  roomId,
  summary: s,
  onPaid,
}: {
  pay: PayContext;
  roomId: string;
  summary: PaySummary | undefined;
  onPaid: (payment: Payment) => void;
}) {
  const t = usePaymentsT();
  const msg = useMsg();
  const locale = useLocale();
  const { user } = useSession();
  const afterPayment = useAfterPayment();
  const { checkout, dialog } = useCheckout((m) => toast.error(msg(m)));
  const [processing, setProcessing] = useState(false);
  const amountId = useId();
  const balancePaise = s ? (tryRupeesToPaise(s.balance) ?? 0) : 0;
  // UPI payments reported and waiting for the owner (ADR 042): the form starts at what is left after them.
  const leftPaise = s?.reported ? (tryRupeesToPaise(s.balanceAfterReported ?? s.balance) ?? 0) : balancePaise;
  const form = usePayForm(roomId, balancePaise, leftPaise);
  const valuePaise = tryRupeesToPaise(form.watch('amount'));
  const throughChosen = s ? owedThrough(s.owed, group.billDate) : 0;
  const settlements = s ? settlementsFor(s.owed, valuePaise !== null && valuePaise <= balancePaise ? valuePaise : null) : [];
  // The tenancy's monthly rent (its lease, else the room's), not a bill's: a bill without rent still has one (ADR 042).
  const rentBill = group.bills.find((b) => b.billType === 'Rent Bill');
  const monthlyRent = room?.terms
    ? formatPaise(room.terms.rent)
    : room
      ? formatMoney(room.rentAmount)
      : rentBill
        ? formatMoney(rentBill.amount)
        : '-';
  const online = s?.online ?? 'off';
  const belowMinimum = balancePaise > 0 && balancePaise < MIN_PAYMENT_PAISE;
  const address = room
    ? [room.property_id.street, room.property_id.landmark, room.property_id.city, room.property_id.state, room.property_id.pincode]
        .filter(Boolean)
        .join(', ')
    : null;

  /** Runs once the contract's schema accepts the amount (at least ₹1, at most the balance). */
  const pay = async ({ amount }: PayValues) => {
    if (!room) return void toast.error(msg(MSG.invalidRoomData));
    const n = paiseToRupees(tryRupeesToPaise(amount) ?? 0);
    setProcessing(true);
    try {
      let order: Awaited<ReturnType<typeof createOrder>>;
      try {
        order = await createOrder(amount, roomId);
      } catch (e) {
        toast.error(msg(orderFailure(e)));
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
        toast.error(msg(e instanceof CheckoutUnavailableError ? MSG.paymentUnavailable : MSG.paymentInitFailed));
        return;
      }
      if (outcome.kind === 'dismissed') return void toast.info(msg(MSG.paymentWindowClosed));
      if (outcome.kind === 'failed') return void toast.error(msg(outcome.message));
      let payment: Payment;
      try {
        payment = await verifyPaymentSurely(outcome.result, { roomId, amount: n, tenantId: user?._id });
      } catch (e) {
        // Still no answer after the retries: the money has gone, and the reconciliation sweep records it.
        toast.error(msg(isTransient(e) ? MSG.paymentNotConfirmed : verifyFailure(e)));
        await afterPayment();
        return;
      }
      await afterPayment();
      toast.success(msg(MSG.paymentSuccessful));
      onPaid(payment);
    } finally {
      setProcessing(false);
    }
  };

  return (
    <>
      <PageHeading
        title={t('pay.title')}
        subtitle={
          address
            ? t('pay.subtitleAddress', { property: group.property.title, room: group.room.roomNumber, address })
            : t('pay.subtitle', { property: group.property.title, room: group.room.roomNumber })
        }
      />
      <div className="grid gap-6 lg:grid-cols-[1fr_22rem]">
        <section aria-labelledby={`${amountId}-owed`} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <h2 id={`${amountId}-owed`} className="text-lg font-semibold text-slate-900">
              {t('pay.owedHeading', { room: group.room.roomNumber })}
            </h2>
            <p className="text-sm text-slate-600">
              {t.rich('pay.monthlyRent', {
                amount: <span className="font-semibold text-slate-900">{monthlyRent}</span>,
              })}
            </p>
          </div>
          <p className="mt-1 text-sm text-slate-700">{t('pay.oldestFirst')}</p>
          {settlements.length ? (
            <SettlementList settlements={settlements} chosenDate={group.billDate} />
          ) : (
            <p role="status" className="mt-3 rounded-lg bg-green-50 p-3 text-sm font-medium text-green-800">
              {msg(MSG.nothingOwed)}
            </p>
          )}
          {s && s.credit > 0 ? (
            <p role="note" className="mt-3 rounded-lg bg-green-50 p-3 text-sm text-green-900">
              {t('pay.credit', { amount: formatMoney(s.credit) })}
            </p>
          ) : null}
          <dl className="mt-4 space-y-1 text-slate-800">
            <div className="flex justify-between text-lg">
              <dt className="font-semibold">{t('pay.totalOwed')}</dt>
              <dd className="font-bold text-slate-900" data-testid="still-owed">
                {formatPaise(balancePaise)}
              </dd>
            </div>
          </dl>
          {s?.reported ? (
            <>
              <p
                role="status"
                data-testid="pay-reported"
                className="mt-2 rounded-lg bg-amber-50 px-3 py-2 text-sm font-medium text-amber-900"
              >
                {s.reported.count > 1
                  ? t('pay.reportedMany', {
                      amount: formatMoney(s.reported.amount),
                      count: s.reported.count,
                      date: formatDate(s.reported.paidOn, locale),
                    })
                  : t('pay.reported', { amount: formatMoney(s.reported.amount), date: formatDate(s.reported.paidOn, locale) })}
              </p>
              <dl className="mt-2 text-slate-800">
                <div className="flex justify-between text-lg">
                  <dt className="font-semibold">{t('pay.afterReported')}</dt>
                  <dd className="font-bold text-slate-900" data-testid="left-after-reported">
                    {formatPaise(leftPaise)}
                  </dd>
                </div>
              </dl>
            </>
          ) : null}
        </section>
        <section
          aria-labelledby={`${amountId}-pay`}
          className="order-first self-start rounded-xl border border-slate-200 bg-white p-5 shadow-sm lg:order-none"
        >
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h2 id={`${amountId}-pay`} className="text-lg font-semibold text-slate-900">
              {t('pay.payment')}
            </h2>
            {online === 'sandbox' ? <Badge tone="yellow">{msg(MSG.sandboxNoMoney)}</Badge> : null}
          </div>
          <p className="mt-1 text-sm text-slate-700">
            {t.rich('pay.chosen', {
              date: <span className="font-semibold text-slate-900">{formatLongDate(group.billDate, locale)}</span>,
              due: formatLongDate(group.dueDate, locale),
            })}
          </p>
          {online === 'off' ? (
            <p role="status" className="mt-3 rounded-lg bg-amber-50 p-3 text-sm font-medium text-amber-900">
              {msg(MSG.paymentsOff)}
            </p>
          ) : belowMinimum ? (
            <p role="status" className="mt-3 rounded-lg bg-amber-50 p-3 text-sm font-medium text-amber-900">
              {msg(MSG.paymentBelowGatewayMinimum(formatPaise(balancePaise)))}
            </p>
          ) : s?.reported && leftPaise <= 0 ? (
            <p role="status" className="mt-3 rounded-lg bg-amber-50 p-3 text-sm font-medium text-amber-900">
              {t('pay.coveredByReported')}
            </p>
          ) : balancePaise > 0 ? (
            <PayAmountForm
              form={form}
              id={amountId}
              balancePaise={balancePaise}
              throughChosen={throughChosen}
              billDate={group.billDate}
              processing={processing}
              onPay={pay}
              onProblem={(message, field) => toast.error(msg(field === 'roomId' ? MSG.roomInfoMissing : message))}
            />
          ) : null}
        </section>
      </div>
      {s && balancePaise >= MIN_PAYMENT_PAISE ? (
        <UpiPay
          roomId={roomId}
          summary={s}
          amountPaise={valuePaise !== null && valuePaise >= MIN_PAYMENT_PAISE && valuePaise <= leftPaise ? valuePaise : leftPaise}
        />
      ) : null}
      {dialog}
    </>
  );
}
