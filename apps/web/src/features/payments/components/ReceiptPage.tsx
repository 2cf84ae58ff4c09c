import { APP_TIME_ZONE, todayInIndia } from '@kiraya/contract/dates';
import { MSG } from '@kiraya/contract/messages';
import { ArrowLeft, Printer } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router-dom';
import { secondaryButton } from '../../../components/FormField';
import { PageHeading } from '../../../components/PageHeading';
import { Spinner } from '../../../components/Spinner';
import { errorMessage } from '../../../lib/api';
import { useBackLink } from '../../../lib/back';
import { formatLongDate, formatMoney, formatPhone, formatTime } from '../../../lib/format';
import { useLocale } from '../../../lib/i18n';
import { useMsg } from '../../../lib/useMsg';
import { useReceipt } from '../api/payments';
import { useBillTypeLabel, useMethodName, usePaymentsT } from '../i18n';

/**
 * When a payment was made, as India's clock read it: "5 November 2026 at 12:00 pm"; in Hindi "5 नवंबर 2026,
 * 12:00 pm" (Hindi month names, Latin digits).
 */
export function usePaidAt(): (iso: string) => string {
  const t = usePaymentsT();
  const locale = useLocale();
  return (iso) => {
    const d = new Date(iso);
    return t('paidAt', {
      date: formatLongDate(todayInIndia(d), locale),
      time: formatTime(d, locale, { timeStyle: 'short', timeZone: APP_TIME_ZONE }),
    });
  };
}

type Address = { street: string; landmark: string; city: string; state: string; pincode: string };
/** The header row of a receipt's table: its columns, then Amount on the right. */
export function ReceiptTableHead({ columns }: { columns: string[] }) {
  const t = usePaymentsT();
  return (
    <thead>
      <tr className="border-b border-slate-300 text-slate-600">
        {columns.map((c) => (
          <th key={c} scope="col" className="py-2 pr-3 font-medium">
            {c}
          </th>
        ))}
        <th scope="col" className="py-2 text-right font-medium">
          {t('receipt.amount')}
        </th>
      </tr>
    </thead>
  );
}

export const addressLine = (a: Address): string => [a.street, a.landmark, a.city, a.state, a.pincode].filter(Boolean).join(', ');

/** A Print button (hidden on paper). */
export function PrintButton({ label }: { label?: string }) {
  const t = usePaymentsT();
  return (
    <button type="button" className={`${secondaryButton} print:hidden`} onClick={() => window.print()}>
      <Printer aria-hidden="true" className="h-4 w-4" />
      {label ?? t('receipt.print')}
    </button>
  );
}

export function BackLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link to={to} className="mb-3 inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline print:hidden">
      <ArrowLeft aria-hidden="true" className="h-4 w-4" />
      {children}
    </Link>
  );
}

/**
 * /TenantDashboard/Receipts/{paymentId} and /OwnerDashboard/Receipts/{paymentId} (B10): a printable
 * receipt with payer, payee, room, property address, amount, the bills settled, gateway ids, number and date.
 */
export function ReceiptPage({ backTo, backLabel }: { backTo: string; backLabel: string }) {
  const t = usePaymentsT();
  const msg = useMsg();
  const locale = useLocale();
  const paidAt = usePaidAt();
  const billType = useBillTypeLabel();
  const method = useMethodName();
  const { id = '' } = useParams();
  const q = useReceipt(id);
  const back = useBackLink({ to: backTo, label: backLabel });
  if (q.isPending) return <Spinner label={t('receipt.loading')} />;
  if (q.isError)
    return (
      <>
        <BackLink to={back.to}>{back.label}</BackLink>
        <PageHeading title={t('receipt.title')} />
        <p role="alert" className="text-slate-800">
          {msg(errorMessage(q.error))}
        </p>
      </>
    );
  const r = q.data;
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-3 print:hidden">
        <BackLink to={back.to}>{back.label}</BackLink>
        <PrintButton />
      </div>
      <article className="receipt mx-auto mt-2 max-w-3xl rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8 print:max-w-none print:rounded-none print:border-0 print:p-0 print:shadow-none">
        <header className="flex flex-wrap items-start justify-between gap-4 border-b border-slate-200 pb-4">
          <div>
            <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">Kiraya</p>
            <PageHeading title={t('receipt.heading')} />
          </div>
          <dl className="-mt-2 text-sm sm:text-right">
            <dt className="text-slate-600">{t('receipt.number')}</dt>
            <dd className="font-mono font-semibold text-slate-900">{r.receiptNumber}</dd>
            <dt className="mt-1 text-slate-600">{t('receipt.date')}</dt>
            <dd className="font-semibold text-slate-900">{r.kind === 'offline' ? formatLongDate(r.paidOn, locale) : paidAt(r.paidAt)}</dd>
          </dl>
        </header>
        {r.reversal ? (
          <p
            role="note"
            className="mt-4 rounded-lg border border-red-300 bg-red-50 px-4 py-2 font-semibold text-red-900"
            data-testid="receipt-reversed"
          >
            {t('receipt.reversed', { date: paidAt(r.reversal.reversedAt), reason: r.reversal.reason })}
          </p>
        ) : null}
        {r.gateway === 'sandbox' ? (
          <p role="note" className="mt-4 rounded-lg border border-amber-300 bg-amber-50 px-4 py-2 font-semibold text-amber-900">
            {msg(MSG.sandboxNoMoney)}
          </p>
        ) : null}
        <div className="mt-5 grid gap-5 sm:grid-cols-2">
          <Party title={t('receipt.payer')} p={r.payer} />
          <Party title={t('receipt.payee')} p={r.payee} />
        </div>
        <div className="mt-5 rounded-lg bg-slate-50 p-4 print:bg-white print:p-0">
          <p className="text-sm font-medium text-slate-600">{t('receipt.room')}</p>
          <p className="font-semibold text-slate-900">
            {t('receipt.roomLine', { room: r.room.roomNumber, property: r.address.title || r.property.title })}
          </p>
          <p className="text-slate-800">{addressLine(r.address)}</p>
        </div>
        <h2 className="mt-6 text-lg font-semibold text-slate-900">{t('receipt.billsSettled')}</h2>
        <table className="mt-2 w-full text-left text-sm">
          <ReceiptTableHead columns={[t('receipt.bill'), t('receipt.billDate')]} />
          <tbody>
            {r.allocations.map((a) => (
              <tr key={a.billId} className="border-b border-slate-200">
                <td className="py-2 pr-3 text-slate-900">{billType(a.billType)}</td>
                <td className="py-2 pr-3 text-slate-800">{formatLongDate(a.billDate, locale)}</td>
                <td className="py-2 text-right text-slate-900">{formatMoney(a.amount)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row" colSpan={2} className="pt-3 text-base font-semibold text-slate-900">
                {t('receipt.amountPaid')}
              </th>
              <td className="pt-3 text-right text-xl font-bold text-slate-900" data-testid="receipt-amount">
                {formatMoney(r.amount)}
              </td>
            </tr>
          </tfoot>
        </table>
        <dl className="mt-6 grid gap-3 border-t border-slate-200 pt-4 text-sm sm:grid-cols-3">
          <Fact label={t('receipt.method')} value={method.ofLabel(r.methodLabel)} />
          {r.kind === 'gateway' ? (
            <>
              <Fact label={t('receipt.gateway')} value={r.gateway === 'sandbox' ? t('receipt.gatewaySandbox') : 'Razorpay'} />
              {r.orderId ? <Fact label={t('receipt.orderId')} value={r.orderId} mono /> : null}
              {r.paymentId ? <Fact label={t('receipt.paymentId')} value={r.paymentId} mono /> : null}
            </>
          ) : (
            <>
              {r.reference ? <Fact label={r.method === 'upi' ? t('receipt.utr') : t('common.reference')} value={r.reference} mono /> : null}
              {r.note ? <Fact label={t('common.note')} value={r.note} /> : null}
            </>
          )}
        </dl>
        <p className="mt-6 text-xs text-slate-600">{r.kind === 'gateway' ? t('receipt.generatedOnline') : t('receipt.generatedOffline')}</p>
      </article>
    </>
  );
}

function Party({ title, p }: { title: string; p: { fullName: string; email: string; phoneNumber: string } }) {
  return (
    <div>
      <p className="text-sm font-medium text-slate-600">{title}</p>
      <p className="font-semibold text-slate-900">{p.fullName}</p>
      <p className="text-sm text-slate-800">{p.email}</p>
      <p className="text-sm text-slate-800">{formatPhone(p.phoneNumber)}</p>
    </div>
  );
}

function Fact({ label, value, mono = false }: { label: string; value: string; mono?: boolean }) {
  return (
    <div>
      <dt className="text-slate-600">{label}</dt>
      <dd className={`break-all text-slate-900 ${mono ? 'font-mono' : ''}`}>{value}</dd>
    </div>
  );
}
