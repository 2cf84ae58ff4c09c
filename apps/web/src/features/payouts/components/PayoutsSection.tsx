import { feePercentLabel, formatPaise, type Payout, type PayoutState, rupeesToPaise } from '@kiraya/contract';
import { Download } from 'lucide-react';
import { Badge, type BadgeTone } from '../../../components/Badge';
import { secondaryButton } from '../../../components/FormField';
import { errorMessage } from '../../../lib/api';
import { formatDate, monthInWords } from '../../../lib/format';
import { useLocale } from '../../../lib/i18n';
import { useMsg } from '../../../lib/useMsg';
import { payoutsExportUrl, usePayouts } from '../api/payouts';
import { usePayoutsT } from '../i18n';

const STATE_TONE: Record<PayoutState, BadgeTone> = {
  held: 'yellow',
  processing: 'blue',
  transferred: 'blue',
  settled: 'green',
  failed: 'red',
};

/** Rupees from the API, shown with paise as money always is on Billings. */
const money = (rupees: number) => formatPaise(rupeesToPaise(rupees));

function StateCell({ p }: { p: Payout }) {
  const t = usePayoutsT();
  return (
    <span className="inline-flex flex-col gap-0.5">
      <Badge tone={STATE_TONE[p.state]}>{t(`payoutState.${p.state}`)}</Badge>
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
  const t = usePayoutsT();
  const msg = useMsg();
  const q = usePayouts();
  return (
    <section className="mt-6" aria-labelledby="payouts-heading">
      <div className="mb-2 flex flex-wrap items-center justify-between gap-3">
        <h2 id="payouts-heading" className="text-lg font-semibold text-slate-900">
          {t('list.title')}
        </h2>
        <a href={payoutsExportUrl} className={secondaryButton} download>
          <Download aria-hidden="true" className="h-4 w-4" />
          {t('list.export')}
        </a>
      </div>
      {q.isPending ? <p className="text-sm text-slate-700">{t('list.loading')}</p> : null}
      {q.isError ? (
        <p role="alert" className="text-red-700">
          {msg(errorMessage(q.error))}
        </p>
      ) : null}
      {q.data ? <PayoutsBody data={q.data} /> : null}
    </section>
  );
}

function PayoutsBody({ data }: { data: NonNullable<ReturnType<typeof usePayouts>['data']> }) {
  const t = usePayoutsT();
  const locale = useLocale();
  const day = (iso: string) => formatDate(iso, locale);
  if (data.payouts.length === 0)
    return <p className="rounded-xl border border-dashed border-slate-300 bg-white p-4 text-sm text-slate-700">{t('list.empty')}</p>;
  const feeNote = data.feeBps > 0 ? t('list.fee', { percent: feePercentLabel(data.feeBps) }) : t('list.noFee');
  return (
    <>
      <p className="mb-3 text-sm text-slate-700">{feeNote}</p>
      <ul className="mb-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-3" aria-label={t('list.months')}>
        {data.months.map((m) => (
          <li key={m.month} className="rounded-xl border border-slate-200 bg-white p-3 text-sm shadow-sm">
            <p className="font-semibold text-slate-900">{monthInWords(m.month, locale)}</p>
            <p className="text-slate-700">{t('month.count', { count: m.count, amount: money(m.amount) })}</p>
            <p className="text-slate-700">
              {m.fee > 0 ? t('month.toBankFee', { net: money(m.net), fee: money(m.fee) }) : t('month.toBank', { net: money(m.net) })}
            </p>
            <p className="text-slate-700" data-testid="month-states">
              {t('month.transferredSettled', { transferred: money(m.transferred ?? m.settled), settled: money(m.settled) })}
            </p>
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
            <p className="text-slate-700">{t('row.where', { property: p.propertyName, room: p.roomNumber, date: day(p.paidAt) })}</p>
            <p className="text-slate-700">
              {t.rich('row.sum', {
                amount: money(p.amount),
                fee: money(p.fee),
                net: <span className="font-semibold">{money(p.net)}</span>,
              })}
            </p>
            {p.utr ? (
              <p className="text-xs text-slate-600">{t('row.settled', { date: p.settledOn ? day(p.settledOn) : '', utr: p.utr })}</p>
            ) : null}
          </li>
        ))}
      </ul>
      <div className="hidden overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm sm:block">
        <table className="min-w-full text-sm">
          <caption className="sr-only">{t('table.caption')}</caption>
          <thead className="bg-slate-50 text-left text-xs uppercase tracking-wide text-slate-600">
            <tr>
              <th scope="col" className="px-3 py-2">
                {t('table.paid')}
              </th>
              <th scope="col" className="px-3 py-2">
                {t('table.tenant')}
              </th>
              <th scope="col" className="px-3 py-2">
                {t('table.room')}
              </th>
              <th scope="col" className="px-3 py-2 text-right">
                {t('table.amount')}
              </th>
              <th scope="col" className="px-3 py-2 text-right">
                {t('table.fee')}
              </th>
              <th scope="col" className="px-3 py-2 text-right">
                {t('table.toBank')}
              </th>
              <th scope="col" className="px-3 py-2">
                {t('table.payout')}
              </th>
              <th scope="col" className="px-3 py-2">
                {t('table.settled')}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {data.payouts.map((p) => (
              <tr key={p.paymentId}>
                <td className="whitespace-nowrap px-3 py-2">{day(p.paidAt)}</td>
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
                      {p.settledOn ? day(p.settledOn) : ''}
                      <br />
                      {t('table.utr', { utr: p.utr })}
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
