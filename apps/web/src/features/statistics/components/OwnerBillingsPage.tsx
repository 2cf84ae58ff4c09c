import { MSG } from '@kiraya/contract/messages';
import { BILL_STATUS_FILTERS, type OwnerBillRow } from '@kiraya/contract/statistics';
import { Download } from 'lucide-react';
import { type ChangeEvent, useId } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router-dom';
import { Badge } from '../../../components/Badge';
import { compactFieldClass, fieldLabelClass, primaryButton, secondaryButton } from '../../../components/FormField';
import { PageHeading } from '../../../components/PageHeading';
import { Spinner } from '../../../components/Spinner';
import { errorMessage } from '../../../lib/api';
import { formatDate } from '../../../lib/format';
import { PATHS } from '../../../lib/paths';
import { type BillingsFilters, exportUrl, useOwnerBillings } from '../api/statistics';
import { fullRupees } from './charts';
import { PaymentsTable } from './PaymentsTable';
import { WideTable } from './WideTable';

type FilterFields = Required<Record<Exclude<keyof BillingsFilters, 'page'>, string>>;

export const STATUS_LABEL: Record<string, string> = { unpaid: 'Unpaid', partly_paid: 'Partly paid', paid: 'Paid', overdue: 'Overdue' };

function StatusBadge({ bill }: { bill: OwnerBillRow }) {
  if (bill.overdue) return <Badge tone="red">Overdue</Badge>;
  return (
    <Badge tone={bill.status === 'paid' ? 'green' : bill.status === 'partly_paid' ? 'yellow' : 'grey'}>{STATUS_LABEL[bill.status]}</Badge>
  );
}

/** /OwnerDashboard/Billings (B6): every bill of the owner's rooms with filters and totals, payments received, CSV. */
export function OwnerBillingsPage() {
  const [params, setParams] = useSearchParams();
  const filters: BillingsFilters = {
    propertyId: params.get('propertyId') || undefined,
    roomId: params.get('roomId') || undefined,
    status: params.get('status') || undefined,
    month: params.get('month') || undefined,
  };
  const page = Number(params.get('page')) || 1;
  const q = useOwnerBillings({ ...filters, ...(page > 1 ? { page: String(page) } : {}) });
  const ids = { property: useId(), room: useId(), status: useId(), month: useId() };
  const set = (k: keyof BillingsFilters, v: string) => {
    const next = new URLSearchParams(params);
    if (v) next.set(k, v);
    else next.delete(k);
    if (k === 'propertyId') next.delete('roomId');
    if (k !== 'page') next.delete('page');
    setParams(next, { replace: true });
  };
  // The filters form holds what the URL says (the URL stays the source of truth): a change is written back to
  // the search params, and the new params come back in as the form's values.
  const form = useForm<FilterFields>({
    values: {
      propertyId: filters.propertyId ?? '',
      roomId: filters.roomId ?? '',
      status: filters.status ?? '',
      month: filters.month ?? '',
    },
  });
  const filter = (k: keyof FilterFields) => {
    const reg = form.register(k);
    return {
      ...reg,
      onChange: async (e: ChangeEvent<HTMLInputElement | HTMLSelectElement>) => {
        await reg.onChange(e);
        set(k, e.target.value);
      },
    };
  };
  const heading = <PageHeading title="Billings" subtitle="Every bill of your rooms, what has been paid, and the payments you received" />;
  if (q.isPending) return <Spinner label="Loading billings" />;
  if (q.isError)
    return (
      <>
        {heading}
        <p role="alert" className="text-red-700">
          {errorMessage(q.error)}
        </p>
      </>
    );
  const b = q.data;
  const rooms = b.properties
    .filter((p) => !filters.propertyId || p._id === filters.propertyId)
    .flatMap((p) => p.rooms.map((r) => ({ ...r, title: p.title })));
  const filtered = Object.values(filters).some(Boolean);

  return (
    <>
      {heading}
      <form
        className="grid grid-cols-2 gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm md:grid-cols-4"
        onSubmit={(e) => e.preventDefault()}
      >
        <div>
          <label htmlFor={ids.property} className={fieldLabelClass}>
            Property
          </label>
          <select id={ids.property} className={compactFieldClass} {...filter('propertyId')}>
            <option value="">All properties</option>
            {b.properties.map((p) => (
              <option key={p._id} value={p._id}>
                {p.title}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={ids.room} className={fieldLabelClass}>
            Room
          </label>
          <select id={ids.room} className={compactFieldClass} {...filter('roomId')}>
            <option value="">All rooms</option>
            {rooms.map((r) => (
              <option key={r._id} value={r._id}>
                {filters.propertyId ? `Room ${r.roomNumber}` : `${r.title} · ${r.roomNumber}`}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={ids.status} className={fieldLabelClass}>
            Status
          </label>
          <select id={ids.status} className={compactFieldClass} {...filter('status')}>
            <option value="">Any status</option>
            {BILL_STATUS_FILTERS.map((s) => (
              <option key={s} value={s}>
                {STATUS_LABEL[s]}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={ids.month} className={fieldLabelClass}>
            Bill month
          </label>
          <input id={ids.month} type="month" className={compactFieldClass} {...filter('month')} />
        </div>
        {filtered ? (
          <button
            type="button"
            className={`${secondaryButton} col-span-2 md:col-span-4 md:justify-self-start`}
            onClick={() => setParams(new URLSearchParams(), { replace: true })}
          >
            Clear filters
          </button>
        ) : null}
      </form>

      <dl className="mt-4 grid grid-cols-2 gap-3 md:grid-cols-4">
        {[
          ['Bills', String(b.totals.count)],
          ['Billed', fullRupees(b.totals.amount)],
          ['Paid', fullRupees(b.totals.paid)],
          ['Outstanding', fullRupees(b.totals.outstanding)],
        ].map(([label, value]) => (
          <div key={label} className="rounded-xl border border-slate-200 bg-white p-3 shadow-sm">
            <dt className="text-sm text-slate-600">{label}</dt>
            <dd className="text-lg font-bold text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>

      <section className="mt-6" aria-labelledby="bills-heading">
        <div className="mb-2 flex flex-wrap items-center justify-between gap-3">
          <h2 id="bills-heading" className="text-lg font-semibold text-slate-900">
            Bills
          </h2>
          <a href={exportUrl('bills', filters)} className={secondaryButton} download>
            <Download aria-hidden="true" className="h-4 w-4" />
            Export bills (CSV)
          </a>
        </div>
        {b.bills.length === 0 ? (
          <div className="rounded-xl border border-dashed border-slate-300 bg-white p-5 text-sm text-slate-700">
            {filtered ? (
              MSG.noBillsMatch
            ) : (
              <>
                <p>{MSG.noStatisticsOwner}</p>
                <Link to={PATHS.owner.properties} className={`${primaryButton} mt-3`}>
                  Go to Properties
                </Link>
              </>
            )}
          </div>
        ) : (
          <>
            {/* Phones: one card per bill; from sm up: the table. */}
            <ul className="space-y-2 sm:hidden">
              {b.bills.map((bill) => (
                <li key={bill._id} className="rounded-xl border border-slate-200 bg-white p-3 text-sm shadow-sm">
                  <div className="flex items-start justify-between gap-2">
                    <span className="font-semibold text-slate-900">{bill.billType}</span>
                    <StatusBadge bill={bill} />
                  </div>
                  <p className="text-slate-700">
                    {bill.property.title} · Room {bill.room.roomNumber} · {bill.tenant.fullName}
                  </p>
                  <p className="text-xs text-slate-600">
                    Billed {formatDate(bill.billDate)} · due {formatDate(bill.dueDate)}
                  </p>
                  <p className="mt-1 flex flex-wrap gap-x-3 text-slate-800">
                    <span>Amount {fullRupees(bill.amount)}</span>
                    <span>Paid {fullRupees(bill.paid)}</span>
                    <span className="font-semibold">Owed {fullRupees(bill.outstanding)}</span>
                  </p>
                </li>
              ))}
            </ul>
            <WideTable
              columns={['Bill date', 'Room', 'Tenant', 'Bill', 'Amount', 'Paid', 'Outstanding', 'Status']}
              numeric={['Amount', 'Paid', 'Outstanding']}
            >
              {b.bills.map((bill) => (
                <tr key={bill._id}>
                  <td className="whitespace-nowrap px-3 py-2">
                    {formatDate(bill.billDate)}
                    <span className="block text-xs text-slate-600">due {formatDate(bill.dueDate)}</span>
                  </td>
                  <td className="px-3 py-2">
                    {bill.property.title} · {bill.room.roomNumber}
                  </td>
                  <td className="px-3 py-2">{bill.tenant.fullName}</td>
                  <td className="whitespace-nowrap px-3 py-2">{bill.billType}</td>
                  <td className="whitespace-nowrap px-3 py-2 text-right">{fullRupees(bill.amount)}</td>
                  <td className="whitespace-nowrap px-3 py-2 text-right">{fullRupees(bill.paid)}</td>
                  <td className="whitespace-nowrap px-3 py-2 text-right font-medium">{fullRupees(bill.outstanding)}</td>
                  <td className="px-3 py-2">
                    <StatusBadge bill={bill} />
                  </td>
                </tr>
              ))}
            </WideTable>
            {b.pageCount > 1 ? (
              <nav aria-label="Bill pages" className="mt-3 flex flex-wrap items-center justify-between gap-3 text-sm">
                <span className="text-slate-700">
                  Page {b.page} of {b.pageCount} · totals above cover all {b.totals.count} bills
                </span>
                <span className="flex gap-2">
                  <button type="button" className={secondaryButton} disabled={b.page <= 1} onClick={() => set('page', String(b.page - 1))}>
                    Previous
                  </button>
                  <button
                    type="button"
                    className={secondaryButton}
                    disabled={b.page >= b.pageCount}
                    onClick={() => set('page', String(b.page + 1))}
                  >
                    Next
                  </button>
                </span>
              </nav>
            ) : null}
          </>
        )}
      </section>

      <section className="mt-6" aria-labelledby="payments-heading">
        <div className="mb-2 flex flex-wrap items-center justify-between gap-3">
          <h2 id="payments-heading" className="text-lg font-semibold text-slate-900">
            Payments received <span className="text-base font-normal text-slate-600">({fullRupees(b.paymentsTotal)})</span>
          </h2>
          <a href={exportUrl('payments', filters)} className={secondaryButton} download>
            <Download aria-hidden="true" className="h-4 w-4" />
            Export payments (CSV)
          </a>
        </div>
        <PaymentsTable payments={b.payments} empty={MSG.noPaymentsReceived} backLabel="Back to Billings" />
      </section>
    </>
  );
}
