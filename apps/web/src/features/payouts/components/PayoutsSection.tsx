import { feePercentLabel, formatPaise, PAYOUT_STATE_LABELS, type Payout, type PayoutState, rupeesToPaise } from '@kiraya/contract';
import { Download } from 'lucide-react';
import { Badge, type BadgeTone } from '../../../components/Badge';
import { secondaryButton } from '../../../components/FormField';
import { errorMessage } from '../../../lib/api';
import { formatDate } from '../../../lib/format';
import { payoutsExportUrl, usePayouts } from '../api/payouts';

const STATE_TONE: Record<PayoutState, BadgeTone> = {
  held: 'yellow',
  processing: 'blue',
  transferred: 'blue',
  settled: 'green',
  failed: 'red',
};

/** Rupees from the API, shown with paise as money always is on Billings. */
const money = (rupees: number) => formatPaise(rupeesToPaise(rupees));

const MONTH = new Intl.DateTimeFormat('en-IN', { month: 'long', year: 'numeric', timeZone: 'UTC' });
const monthLabel = (ym: string) => MONTH.format(new Date(`${ym}-01T00:00:00Z`));

function StateCell({ p }: { p: Payout }) {
  return (
    <span className="inline-flex flex-col gap-0.5">
      <Badge tone={STATE_TONE[p.state]}>{PAYOUT_STATE_LABELS[p.state]}</Badge>
      {p.state === 'failed' && p.failureReason ? <span className="text-xs text-red-700">{p.failureReason}</span> : null}
    </span>
  );
}

/**
 * Billings' "Payouts" (issue 24): each online payment's way to the owner's bank (held, transferred,
 * settled with its date and UTR, failed with the reason), the platform fee and what reaches the bank,
 * totals per month, and the CSV export.
 */
export function PayoutsSection() {
  const q = usePayouts();
  return (
    <section className="mt-6" aria-labelledby="payouts-heading">
      <div className="mb-2 flex flex-wrap items-center justify-between gap-3">
        <h2 id="payouts-heading" className="text-lg font-semibold text-slate-900">
          Payouts
        </h2>
        <a href={payoutsExportUrl} className={secondaryButton} download>
          <Download aria-hidden="true" className="h-4 w-4" />
          Export payouts (CSV)
        </a>
      </div>
      {q.isPending ? <p className="text-sm text-slate-700">Loading payouts...</p> : null}
      {q.isError ? (
        <p role="alert" className="text-red-700">
          {errorMessage(q.error)}
        </p>
      ) : null}
      {q.data ? <PayoutsBody data={q.data} /> : null}
    </section>
  );
}

function PayoutsBody({ data }: { data: NonNullable<ReturnType<typeof usePayouts>['data']> }) {
  if (data.payouts.length === 0)
    return (
      <p className="rounded-xl border border-dashed border-slate-300 bg-white p-4 text-sm text-slate-700">
        No online payments yet. Rent your tenants pay online is paid out to your payout account (Profile).
      </p>
    );
  const feeNote =
    data.feeBps > 0
      ? `Kiraya keeps a platform fee of ${feePercentLabel(data.feeBps)} (rounded down to the paisa).`
      : 'Kiraya keeps no fee.';
  return (
    <>
      <p className="mb-3 text-sm text-slate-700">{feeNote}</p>
      <ul className="mb-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-3" aria-label="Payouts per month">
        {data.months.map((m) => (
          <li key={m.month} className="rounded-xl border border-slate-200 bg-white p-3 text-sm shadow-sm">
            <p className="font-semibold text-slate-900">{monthLabel(m.month)}</p>
            <p className="text-slate-700">
              {m.count} payment{m.count === 1 ? '' : 's'} · {money(m.amount)}
            </p>
            <p className="text-slate-700">
              To your bank {money(m.net)}
              {m.fee > 0 ? ` (fee ${money(m.fee)})` : ''}
            </p>
            <p className="text-slate-700">Settled {money(m.settled)}</p>
          </li>
        ))}
      </ul>
      <ul className="space-y-2 sm:hidden">
        {data.payouts.map((p) => (
          <li key={p.paymentId} className="rounded-xl border border-slate-200 bg-white p-3 text-sm shadow-sm">
            <div className="flex items-start justify-between gap-2">
              <span className="font-semibold text-slate-900">{p.tenantName}</span>
              <StateCell p={p} />
            </div>
            <p className="text-slate-700">
              {p.propertyName} · Room {p.roomNumber} · {formatDate(p.paidAt)}
            </p>
            <p className="text-slate-700">
              {money(p.amount)} − fee {money(p.fee)} = <span className="font-semibold">{money(p.net)}</span>
            </p>
            {p.utr ? (
              <p className="text-xs text-slate-600">
                Settled {p.settledOn ? formatDate(p.settledOn) : ''} · UTR {p.utr}
              </p>
            ) : null}
          </li>
        ))}
      </ul>
      <div className="hidden overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm sm:block">
        <table className="min-w-full text-sm">
          <caption className="sr-only">Payouts of online payments</caption>
          <thead className="bg-slate-50 text-left text-xs uppercase tracking-wide text-slate-600">
            <tr>
              <th scope="col" className="px-3 py-2">
                Paid
              </th>
              <th scope="col" className="px-3 py-2">
                Tenant
              </th>
              <th scope="col" className="px-3 py-2">
                Room
              </th>
              <th scope="col" className="px-3 py-2 text-right">
                Amount
              </th>
              <th scope="col" className="px-3 py-2 text-right">
                Fee
              </th>
              <th scope="col" className="px-3 py-2 text-right">
                To bank
              </th>
              <th scope="col" className="px-3 py-2">
                Payout
              </th>
              <th scope="col" className="px-3 py-2">
                Settled / UTR
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {data.payouts.map((p) => (
              <tr key={p.paymentId}>
                <td className="whitespace-nowrap px-3 py-2">{formatDate(p.paidAt)}</td>
                <td className="px-3 py-2">{p.tenantName}</td>
                <td className="px-3 py-2">
                  {p.propertyName} · {p.roomNumber}
                </td>
                <td className="whitespace-nowrap px-3 py-2 text-right">{money(p.amount)}</td>
                <td className="whitespace-nowrap px-3 py-2 text-right">{money(p.fee)}</td>
                <td className="whitespace-nowrap px-3 py-2 text-right font-medium">{money(p.net)}</td>
                <td className="px-3 py-2">
                  <StateCell p={p} />
                </td>
                <td className="whitespace-nowrap px-3 py-2 text-xs text-slate-700">
                  {p.utr ? (
                    <>
                      {p.settledOn ? formatDate(p.settledOn) : ''}
                      <br />
                      UTR {p.utr}
                    </>
                  ) : (
                    '—'
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
